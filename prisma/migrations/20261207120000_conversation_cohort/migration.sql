-- A class's or a lab's tag on its battles (issue 69, lib/cohorts).
ALTER TABLE "Conversation" ADD COLUMN "cohort" TEXT;
CREATE INDEX "Conversation_cohort_createdAt_idx" ON "Conversation"("cohort", "createdAt");
