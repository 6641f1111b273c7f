-- CreateTable
CREATE TABLE "DatasetSnapshot" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DatasetSnapshot_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DatasetSnapshot_kind_createdAt_idx" ON "DatasetSnapshot"("kind", "createdAt");

