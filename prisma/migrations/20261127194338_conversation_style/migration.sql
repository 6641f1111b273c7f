-- CreateTable
CREATE TABLE "ConversationStyle" (
    "conversationId" UUID NOT NULL,
    "answers" INTEGER NOT NULL DEFAULT 0,
    "unknownEntities" INTEGER NOT NULL DEFAULT 0,
    "tokensA" INTEGER NOT NULL DEFAULT 0,
    "headersA" INTEGER NOT NULL DEFAULT 0,
    "listsA" INTEGER NOT NULL DEFAULT 0,
    "boldA" INTEGER NOT NULL DEFAULT 0,
    "entitiesA" INTEGER NOT NULL DEFAULT 0,
    "tokensB" INTEGER NOT NULL DEFAULT 0,
    "headersB" INTEGER NOT NULL DEFAULT 0,
    "listsB" INTEGER NOT NULL DEFAULT 0,
    "boldB" INTEGER NOT NULL DEFAULT 0,
    "entitiesB" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ConversationStyle_pkey" PRIMARY KEY ("conversationId")
);

-- AddForeignKey
ALTER TABLE "ConversationStyle" ADD CONSTRAINT "ConversationStyle_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Kept by triggers: each answer's counts are added to (or taken from) its conversation's row when its ResponseMeta
-- is written, its counts change, it is deleted, or its message is superseded or restored. Deltas commute, so two
-- answers of one conversation saved at once need no lock beyond the row's own. Counts are only added through an
-- insert (a conversation being deleted has no row to recreate): taking an answer away only updates.
CREATE FUNCTION conversation_style_apply(conv UUID, side "Side", sign INTEGER, r "ResponseMeta") RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  a INTEGER := CASE WHEN side = 'a' THEN sign ELSE 0 END;
  b INTEGER := CASE WHEN side = 'b' THEN sign ELSE 0 END;
BEGIN
  IF sign > 0 THEN
    INSERT INTO "ConversationStyle" AS s ("conversationId", "answers", "unknownEntities",
        "tokensA", "headersA", "listsA", "boldA", "entitiesA", "tokensB", "headersB", "listsB", "boldB", "entitiesB")
    VALUES (conv, 1, (r."entityCount" IS NULL)::INTEGER,
        a * COALESCE(r."tokens", 0), a * r."headerCount", a * r."listCount", a * r."boldCount", a * COALESCE(r."entityCount", 0),
        b * COALESCE(r."tokens", 0), b * r."headerCount", b * r."listCount", b * r."boldCount", b * COALESCE(r."entityCount", 0))
    ON CONFLICT ("conversationId") DO UPDATE SET
        "answers" = s."answers" + 1,
        "unknownEntities" = s."unknownEntities" + EXCLUDED."unknownEntities",
        "tokensA" = s."tokensA" + EXCLUDED."tokensA", "headersA" = s."headersA" + EXCLUDED."headersA",
        "listsA" = s."listsA" + EXCLUDED."listsA", "boldA" = s."boldA" + EXCLUDED."boldA",
        "entitiesA" = s."entitiesA" + EXCLUDED."entitiesA",
        "tokensB" = s."tokensB" + EXCLUDED."tokensB", "headersB" = s."headersB" + EXCLUDED."headersB",
        "listsB" = s."listsB" + EXCLUDED."listsB", "boldB" = s."boldB" + EXCLUDED."boldB",
        "entitiesB" = s."entitiesB" + EXCLUDED."entitiesB";
  ELSE
    UPDATE "ConversationStyle" SET
        "answers" = "answers" - 1,
        "unknownEntities" = "unknownEntities" - (r."entityCount" IS NULL)::INTEGER,
        "tokensA" = "tokensA" + a * COALESCE(r."tokens", 0), "headersA" = "headersA" + a * r."headerCount",
        "listsA" = "listsA" + a * r."listCount", "boldA" = "boldA" + a * r."boldCount",
        "entitiesA" = "entitiesA" + a * COALESCE(r."entityCount", 0),
        "tokensB" = "tokensB" + b * COALESCE(r."tokens", 0), "headersB" = "headersB" + b * r."headerCount",
        "listsB" = "listsB" + b * r."listCount", "boldB" = "boldB" + b * r."boldCount",
        "entitiesB" = "entitiesB" + b * COALESCE(r."entityCount", 0)
     WHERE "conversationId" = conv;
  END IF;
END $$;

-- A ResponseMeta row written, changed or deleted: its answer counts when its message is an assistant's, not superseded.
CREATE FUNCTION conversation_style_answer() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
  m RECORD;
  answer UUID;
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
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM conversation_style_apply(m."conversationId", m.side, -1, OLD);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM conversation_style_apply(m."conversationId", m.side, 1, NEW);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "ResponseMeta_style_insert" AFTER INSERT OR DELETE ON "ResponseMeta"
  FOR EACH ROW EXECUTE FUNCTION conversation_style_answer();
-- heartbeats and stop requests update other columns: they do not fire it
CREATE TRIGGER "ResponseMeta_style_update"
  AFTER UPDATE OF "tokens", "headerCount", "listCount", "boldCount", "entityCount" ON "ResponseMeta"
  FOR EACH ROW
  WHEN ((OLD."tokens", OLD."headerCount", OLD."listCount", OLD."boldCount", OLD."entityCount")
        IS DISTINCT FROM (NEW."tokens", NEW."headerCount", NEW."listCount", NEW."boldCount", NEW."entityCount"))
  EXECUTE FUNCTION conversation_style_answer();

-- An answer superseded (a regenerated turn) or restored: its counts leave or rejoin its conversation's.
CREATE FUNCTION conversation_style_message() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
  r "ResponseMeta";
BEGIN
  SELECT * INTO r FROM "ResponseMeta" WHERE "messageId" = NEW.id;
  IF FOUND THEN
    PERFORM conversation_style_apply(NEW."conversationId", NEW.side, CASE WHEN NEW.superseded THEN -1 ELSE 1 END, r);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "Message_style_superseded" AFTER UPDATE OF superseded ON "Message"
  FOR EACH ROW
  WHEN (OLD.superseded IS DISTINCT FROM NEW.superseded AND NEW.role = 'assistant')
  EXECUTE FUNCTION conversation_style_message();

-- The rows of the conversations there are now, as the triggers would have written them.
INSERT INTO "ConversationStyle" ("conversationId", "answers", "unknownEntities",
    "tokensA", "headersA", "listsA", "boldA", "entitiesA", "tokensB", "headersB", "listsB", "boldB", "entitiesB")
SELECT m."conversationId", count(*), count(*) FILTER (WHERE r."entityCount" IS NULL),
       COALESCE(SUM(r."tokens") FILTER (WHERE m.side = 'a'), 0), COALESCE(SUM(r."headerCount") FILTER (WHERE m.side = 'a'), 0),
       COALESCE(SUM(r."listCount") FILTER (WHERE m.side = 'a'), 0), COALESCE(SUM(r."boldCount") FILTER (WHERE m.side = 'a'), 0),
       COALESCE(SUM(r."entityCount") FILTER (WHERE m.side = 'a'), 0),
       COALESCE(SUM(r."tokens") FILTER (WHERE m.side = 'b'), 0), COALESCE(SUM(r."headerCount") FILTER (WHERE m.side = 'b'), 0),
       COALESCE(SUM(r."listCount") FILTER (WHERE m.side = 'b'), 0), COALESCE(SUM(r."boldCount") FILTER (WHERE m.side = 'b'), 0),
       COALESCE(SUM(r."entityCount") FILTER (WHERE m.side = 'b'), 0)
  FROM "Message" m JOIN "ResponseMeta" r ON r."messageId" = m.id
 WHERE m.role = 'assistant' AND NOT m.superseded
 GROUP BY m."conversationId";
