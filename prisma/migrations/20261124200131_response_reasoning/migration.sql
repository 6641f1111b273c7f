-- AlterTable
ALTER TABLE "ResponseMeta" ADD COLUMN     "reasoning" TEXT,
ADD COLUMN     "reasoningTokens" INTEGER,
ADD COLUMN     "thinkingMs" INTEGER;

