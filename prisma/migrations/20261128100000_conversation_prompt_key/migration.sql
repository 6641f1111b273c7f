-- A conversation's prompt key, for FastChat's de-duplication: the md5 of its visitor's current prompts (side a's copy,
-- in turn order) each with its images' hashes, as a uuid; no row while it has none (readers then use a digest of the
-- conversation's id). Both the leaderboard's read and the research export's dedup computed it over every message
-- (~7.6 s of PostgreSQL CPU each at 1M battles); kept here by triggers, it is one narrow row joined by key. A table of
-- its own rather than a column of Conversation: filling a column rewrote every Conversation row and its six indexes
-- (~95 s at 1M battles), and every new battle would update its Conversation row once more.
CREATE TABLE "ConversationPrompt" (
    "conversationId" UUID NOT NULL,
    "key" UUID NOT NULL,

    CONSTRAINT "ConversationPrompt_pkey" PRIMARY KEY ("conversationId")
);

ALTER TABLE "ConversationPrompt" ADD CONSTRAINT "ConversationPrompt_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The key of one conversation from its messages: the same expression the readers used (vote-parts' promptKeysSql
-- before this migration), so every stored key equals the one computed before.
CREATE FUNCTION conversation_prompt_key(conv UUID) RETURNS UUID
LANGUAGE sql STABLE AS $$
  SELECT md5(string_agg(m.content || ':' || COALESCE(i.list, ''), E'\x1f' ORDER BY m.turn))::uuid
    FROM "Message" m
    LEFT JOIN LATERAL (SELECT string_agg(mi."imageSha256", ',' ORDER BY mi.position) AS list
                         FROM "MessageImage" mi WHERE mi."messageId" = m.id) i ON TRUE
   WHERE m."conversationId" = conv AND m.side = 'a' AND m.role = 'user' AND NOT m.superseded
$$;

-- Writes one conversation's key afresh. A conversation being deleted (its messages go with it, one by one) is no
-- longer there to take a row.
CREATE FUNCTION conversation_prompt_key_refresh(conv UUID) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  k UUID := conversation_prompt_key(conv);
BEGIN
  IF k IS NULL THEN
    DELETE FROM "ConversationPrompt" WHERE "conversationId" = conv;
  ELSE
    INSERT INTO "ConversationPrompt" AS p ("conversationId", key)
    SELECT conv, k WHERE EXISTS (SELECT 1 FROM "Conversation" WHERE id = conv)
    ON CONFLICT ("conversationId") DO UPDATE SET key = EXCLUDED.key WHERE p.key IS DISTINCT FROM EXCLUDED.key;
  END IF;
END $$;

-- A prompt of side a written, edited, superseded, restored or deleted. Answers and side b's copies never fire it:
-- the WHEN clauses are checked before any function runs.
CREATE FUNCTION conversation_prompt_key_message() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM conversation_prompt_key_refresh(OLD."conversationId");
  ELSE
    PERFORM conversation_prompt_key_refresh(NEW."conversationId");
  END IF;
  RETURN NULL;
END $$;

-- A new prompt's key is written when its transaction commits, with the images written after it in the same
-- transaction (the arena writes a prompt and its images in one statement, Prisma's nested writes in two): one key
-- computed per prompt, not one for the prompt and one more for its images.
CREATE CONSTRAINT TRIGGER "Message_prompt_key_insert" AFTER INSERT ON "Message" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.side = 'a' AND NEW.role = 'user') EXECUTE FUNCTION conversation_prompt_key_message();
CREATE TRIGGER "Message_prompt_key_update" AFTER UPDATE OF content, superseded, turn ON "Message"
  FOR EACH ROW WHEN (NEW.side = 'a' AND NEW.role = 'user') EXECUTE FUNCTION conversation_prompt_key_message();
CREATE TRIGGER "Message_prompt_key_delete" AFTER DELETE ON "Message"
  FOR EACH ROW WHEN (OLD.side = 'a' AND OLD.role = 'user') EXECUTE FUNCTION conversation_prompt_key_message();

-- An image added to, moved in or taken from a message: its conversation's key when the message is a prompt of side a
-- (an image added with a prompt its own transaction wrote is counted when that prompt's key is, at commit).
CREATE FUNCTION conversation_prompt_key_image() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
  conv UUID;
BEGIN
  SELECT "conversationId" INTO conv FROM "Message"
   WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD."messageId" ELSE NEW."messageId" END
     AND side = 'a' AND role = 'user'
     AND NOT (TG_OP = 'INSERT' AND xmin::text::bigint = txid_current() % 4294967296);
  IF FOUND THEN
    PERFORM conversation_prompt_key_refresh(conv);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "MessageImage_prompt_key" AFTER INSERT OR UPDATE OR DELETE ON "MessageImage"
  FOR EACH ROW EXECUTE FUNCTION conversation_prompt_key_image();

-- The keys of the conversations there are, set-based.
WITH images AS (
  SELECT mi."messageId" AS id, string_agg(mi."imageSha256", ',' ORDER BY mi.position) AS list
    FROM "MessageImage" mi GROUP BY mi."messageId")
INSERT INTO "ConversationPrompt" ("conversationId", key)
SELECT m."conversationId", md5(string_agg(m.content || ':' || COALESCE(i.list, ''), E'\x1f' ORDER BY m.turn))::uuid
  FROM "Message" m LEFT JOIN images i ON i.id = m.id
 WHERE m.side = 'a' AND m.role = 'user' AND NOT m.superseded
 GROUP BY m."conversationId";
