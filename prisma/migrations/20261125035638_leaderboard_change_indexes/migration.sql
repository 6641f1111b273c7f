-- CreateIndex
CREATE INDEX "Conversation_updatedAt_idx" ON "Conversation"("updatedAt");

-- CreateIndex
CREATE INDEX "BattleCategory_createdAt_idx" ON "BattleCategory"("createdAt");

