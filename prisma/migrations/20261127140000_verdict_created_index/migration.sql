-- CreateIndex
CREATE INDEX "BenchmarkVerdict_createdAt_idx" ON "BenchmarkVerdict"("createdAt");
