-- An answer's counts changed (it finished, or was counted again): its conversation's sums move by the difference in
-- one UPDATE, where taking the old counts away and adding the new ones took two (an answer's save cost 0.39 ms of
-- PostgreSQL CPU against 0.23 for an update that fires nothing). The row exists: the answer's counts were added when
-- its ResponseMeta was written (or its message restored), and only a deleted conversation loses its row.
CREATE OR REPLACE FUNCTION conversation_style_answer() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
  m RECORD;
  answer UUID;
  a INTEGER;
  b INTEGER;
BEGIN
  IF TG_OP = 'DELETE' THEN
    answer := OLD."messageId";
  ELSE
    answer := NEW."messageId";
  END IF;
  SELECT "conversationId", side INTO m FROM "Message"
   WHERE id = answer AND role = 'assistant' AND NOT superseded;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    a := CASE WHEN m.side = 'a' THEN 1 ELSE 0 END;
    b := 1 - a;
    UPDATE "ConversationStyle" SET
        "unknownEntities" = "unknownEntities" + (NEW."entityCount" IS NULL)::INTEGER - (OLD."entityCount" IS NULL)::INTEGER,
        "tokensA" = "tokensA" + a * (COALESCE(NEW."tokens", 0) - COALESCE(OLD."tokens", 0)),
        "headersA" = "headersA" + a * (NEW."headerCount" - OLD."headerCount"),
        "listsA" = "listsA" + a * (NEW."listCount" - OLD."listCount"),
        "boldA" = "boldA" + a * (NEW."boldCount" - OLD."boldCount"),
        "entitiesA" = "entitiesA" + a * (COALESCE(NEW."entityCount", 0) - COALESCE(OLD."entityCount", 0)),
        "tokensB" = "tokensB" + b * (COALESCE(NEW."tokens", 0) - COALESCE(OLD."tokens", 0)),
        "headersB" = "headersB" + b * (NEW."headerCount" - OLD."headerCount"),
        "listsB" = "listsB" + b * (NEW."listCount" - OLD."listCount"),
        "boldB" = "boldB" + b * (NEW."boldCount" - OLD."boldCount"),
        "entitiesB" = "entitiesB" + b * (COALESCE(NEW."entityCount", 0) - COALESCE(OLD."entityCount", 0))
     WHERE "conversationId" = m."conversationId";
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM conversation_style_apply(m."conversationId", m.side, -1, OLD);
  ELSE
    PERFORM conversation_style_apply(m."conversationId", m.side, 1, NEW);
  END IF;
  RETURN NULL;
END $$;
