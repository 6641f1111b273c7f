// What the released dataset is, shared by the exports and the dataset statistics so /data counts exactly what a
// researcher downloads. Battles: counted votes of non-demo battles the content filter did not stop, from visitors
// who were not banned (over `v` Vote, `c` Conversation, `vis` Visitor). Chats: direct conversations with one model
// and at least one finished answer, under the same rules.

export const RELEASED_BATTLE_CLAUSES = [
  `NOT c."isDemo"`,
  `c."moderationStatus" NOT IN ('flagged', 'banned')`,
  `vis."bannedAt" IS NULL`,
  "v.counted",
] as const;

export const FROM_BATTLES = `FROM "Vote" v JOIN "Conversation" c ON c.id = v."conversationId" LEFT JOIN "Visitor" vis ON vis.id = v."visitorId"`;

export const RELEASED_CHAT_CLAUSES = [
  `c.mode = 'direct'`,
  `NOT c."isDemo"`,
  `c."moderationStatus" NOT IN ('flagged', 'banned')`,
  `vis."bannedAt" IS NULL`,
  `EXISTS (SELECT 1 FROM "Message" m JOIN "ResponseMeta" r ON r."messageId" = m.id
            WHERE m."conversationId" = c.id AND r."finishReason" IS NOT NULL)`,
] as const;

export const FROM_CHATS = `FROM "Conversation" c LEFT JOIN "Visitor" vis ON vis.id = c."visitorId"`;

/** Both at once (the chat release for fine-tuning): battles' clauses read the vote, chats' the conversation. */
export const FROM_BATTLES_OR_CHATS = `FROM "Conversation" c LEFT JOIN "Vote" v ON v."conversationId" = c.id
  LEFT JOIN "Visitor" vis ON vis.id = c."visitorId"`;
