-- CreateEnum
CREATE TYPE "EvalRunStatus" AS ENUM ('queued', 'running', 'done', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "EvalRun" (
    "id" UUID NOT NULL,
    "setId" UUID NOT NULL,
    "modelId" TEXT NOT NULL,
    "settings" JSONB NOT NULL,
    "status" "EvalRunStatus" NOT NULL DEFAULT 'queued',
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "EvalRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EvalAnswer" (
    "runId" UUID NOT NULL,
    "itemId" UUID NOT NULL,
    "turns" JSONB NOT NULL,
    "finishReason" TEXT,
    "error" TEXT,
    "errorCode" TEXT,
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "costUsd" DOUBLE PRECISION,
    "latencyMs" INTEGER,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EvalAnswer_pkey" PRIMARY KEY ("runId","itemId")
);

-- CreateIndex
CREATE INDEX "EvalRun_setId_modelId_idx" ON "EvalRun"("setId", "modelId");

-- AddForeignKey
ALTER TABLE "EvalRun" ADD CONSTRAINT "EvalRun_setId_fkey" FOREIGN KEY ("setId") REFERENCES "PromptSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvalRun" ADD CONSTRAINT "EvalRun_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "Model"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvalAnswer" ADD CONSTRAINT "EvalAnswer_runId_fkey" FOREIGN KEY ("runId") REFERENCES "EvalRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvalAnswer" ADD CONSTRAINT "EvalAnswer_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "PromptItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

