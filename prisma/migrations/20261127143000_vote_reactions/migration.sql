-- CreateEnum
CREATE TYPE "VisionReaction" AS ENUM ('misread_text', 'wrong_count', 'not_there', 'wrong_position', 'refused', 'other');

-- CreateTable
CREATE TABLE "VoteReaction" (
    "voteId" UUID NOT NULL,
    "side" "Side" NOT NULL,
    "modelId" TEXT NOT NULL,
    "reason" "VisionReaction" NOT NULL,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VoteReaction_pkey" PRIMARY KEY ("voteId","side")
);

-- CreateIndex
CREATE INDEX "VoteReaction_modelId_idx" ON "VoteReaction"("modelId");

-- AddForeignKey
ALTER TABLE "VoteReaction" ADD CONSTRAINT "VoteReaction_voteId_fkey" FOREIGN KEY ("voteId") REFERENCES "Vote"("id") ON DELETE CASCADE ON UPDATE CASCADE;
