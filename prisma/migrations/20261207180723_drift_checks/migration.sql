-- CreateTable
CREATE TABLE "DriftCheck" (
    "runId" UUID NOT NULL,
    "modelId" TEXT NOT NULL,
    "benchmark" TEXT NOT NULL,
    "setId" UUID NOT NULL,
    "correct" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "baselineCorrect" INTEGER,
    "baselineTotal" INTEGER,
    "pValue" DOUBLE PRECISION,
    "alpha" DOUBLE PRECISION NOT NULL,
    "status" TEXT NOT NULL,
    "ranAt" TIMESTAMP(3) NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DriftCheck_pkey" PRIMARY KEY ("runId")
);

-- CreateIndex
CREATE INDEX "DriftCheck_modelId_benchmark_ranAt_idx" ON "DriftCheck"("modelId", "benchmark", "ranAt");

-- CreateIndex
CREATE INDEX "EvalAnswer_createdAt_idx" ON "EvalAnswer"("createdAt");

-- AddForeignKey
ALTER TABLE "DriftCheck" ADD CONSTRAINT "DriftCheck_runId_fkey" FOREIGN KEY ("runId") REFERENCES "EvalRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

