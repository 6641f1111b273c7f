-- CreateEnum
CREATE TYPE "FailureStatus" AS ENUM ('candidate', 'accepted', 'rejected');

-- CreateTable
CREATE TABLE "FailureCase" (
    "id" UUID NOT NULL,
    "conversationId" UUID NOT NULL,
    "status" "FailureStatus" NOT NULL DEFAULT 'candidate',
    "rankA" INTEGER,
    "rankB" INTEGER,
    "note" TEXT,
    "reviewedBy" TEXT,
    "reviewedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FailureCase_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FailureVerdict" (
    "caseId" UUID NOT NULL,
    "modelId" TEXT NOT NULL,
    "solved" BOOLEAN NOT NULL,
    "source" TEXT NOT NULL,
    "answer" TEXT,
    "decidedBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FailureVerdict_pkey" PRIMARY KEY ("caseId","modelId")
);

-- CreateIndex
CREATE UNIQUE INDEX "FailureCase_conversationId_key" ON "FailureCase"("conversationId");

-- CreateIndex
CREATE INDEX "FailureCase_status_createdAt_idx" ON "FailureCase"("status", "createdAt");

-- AddForeignKey
ALTER TABLE "FailureCase" ADD CONSTRAINT "FailureCase_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FailureVerdict" ADD CONSTRAINT "FailureVerdict_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "FailureCase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

