-- AlterTable
ALTER TABLE "Provider" ADD COLUMN     "dailyBudgetUsd" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "Model" ADD COLUMN     "dailyBudgetUsd" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "pairPolicy" TEXT,
ADD COLUMN     "pairProbability" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "ResponseMeta" ADD COLUMN     "inputTokens" INTEGER;

