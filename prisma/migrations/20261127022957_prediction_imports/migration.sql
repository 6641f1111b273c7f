-- CreateTable
CREATE TABLE "PredictionImport" (
    "id" UUID NOT NULL,
    "benchmark" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "file" TEXT NOT NULL,
    "modelId" TEXT NOT NULL,
    "setRef" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "result" JSONB,
    "error" TEXT,
    "requestedBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "PredictionImport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PredictionImport_createdAt_idx" ON "PredictionImport"("createdAt");

