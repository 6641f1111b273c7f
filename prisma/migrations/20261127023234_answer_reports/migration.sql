-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "moderatorMark" TEXT;

-- AlterTable
ALTER TABLE "ModerationFlag" ADD COLUMN     "modelId" TEXT,
ADD COLUMN     "note" TEXT,
ADD COLUMN     "reportReason" TEXT,
ADD COLUMN     "resolution" TEXT,
ADD COLUMN     "side" "Side",
ADD COLUMN     "turn" INTEGER;

-- CreateIndex
CREATE INDEX "ModerationFlag_modelId_status_idx" ON "ModerationFlag"("modelId", "status");

-- Reports filed before this migration: side, reason and model read from their text and conversation, the turn
-- taken as the conversation's last. Duplicates (what the new key prevents) are merged into the oldest first.
DELETE FROM "ModerationFlag" f USING "ModerationFlag" g
 WHERE f.source = 'answer_report' AND g.source = 'answer_report' AND f."conversationId" = g."conversationId"
   AND f.reason = g.reason AND (f."createdAt", f.id) > (g."createdAt", g.id);
UPDATE "ModerationFlag" f SET
  side = CASE WHEN f.reason LIKE 'answer B:%' THEN 'b'::"Side" ELSE 'a'::"Side" END,
  turn = c."turnCount",
  "reportReason" = CASE split_part(f.reason, ': ', 2)
                     WHEN 'harmful or offensive' THEN 'harmful'
                     WHEN 'wrong about the picture' THEN 'wrong'
                     WHEN 'says which model it is' THEN 'identity'
                     WHEN 'broken or unreadable' THEN 'broken'
                     ELSE 'other' END,
  "modelId" = CASE WHEN f.reason LIKE 'answer B:%' THEN c."modelBId" ELSE c."modelAId" END,
  resolution = CASE f.status WHEN 'released' THEN 'dismissed' WHEN 'banned' THEN 'excluded' ELSE NULL END
  FROM "Conversation" c
 WHERE c.id = f."conversationId" AND f.source = 'answer_report';
UPDATE "ModerationFlag" SET resolution = status::text WHERE source <> 'answer_report' AND status <> 'flagged';

-- CreateIndex
CREATE UNIQUE INDEX "ModerationFlag_conversationId_turn_side_reportReason_key" ON "ModerationFlag"("conversationId", "turn", "side", "reportReason");

