-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "cohort" TEXT;

-- CreateIndex
CREATE INDEX "Conversation_cohort_createdAt_idx" ON "Conversation"("cohort", "createdAt");

