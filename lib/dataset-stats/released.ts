// What the released dataset is, shared by the exports and the dataset statistics so /data counts exactly what a
// researcher downloads. Battles: counted votes of non-demo battles the content filter did not stop, from visitors
// who were not banned (over `v` Vote, `c` Conversation, `vis` Visitor). Chats: direct conversations with one model
// and at least one finished answer, under the same rules. Both wait out the operator's publication delay.
import { config } from "../config";

const BATTLE_RULES = [
  `NOT c."isDemo"`,
  `c."moderationStatus" NOT IN ('flagged', 'banned')`,
  `vis."bannedAt" IS NULL`,
  "v.counted",
] as const;

/** The operator's publication delay (ARENA_EXPORT_DELAY_DAYS): battles younger than this are not released yet. */
export function publicationDelayDays(): number {
  return config().ARENA_EXPORT_DELAY_DAYS;
}

/** The delay as a clause on a timestamp column; the value is a zod-checked whole number, safe as a literal. */
function olderThanDelay(column: string): string[] {
  const days = publicationDelayDays();
  return days > 0 ? [`${column} <= now() - make_interval(days => ${Math.trunc(days)})`] : [];
}

/** A cohort's battles and chats (a class's, a lab's: lib/cohorts) are theirs: released only when an export asks. */
const NO_COHORT = `c.cohort IS NULL`;

export interface ReleaseScope {
  /** include the cohorts' battles and chats (a researcher's export that asks; never the public statistics) */
  cohorts?: boolean;
}

/** A battle is released once voted, counted, clean and older than the publication delay (by its vote's time). */
export function releasedBattleClauses(scope: ReleaseScope = {}): string[] {
  return [...BATTLE_RULES, ...(scope.cohorts ? [] : [NO_COHORT]), ...olderThanDelay(`v."createdAt"`)];
}

export const FROM_BATTLES = `FROM "Vote" v JOIN "Conversation" c ON c.id = v."conversationId" LEFT JOIN "Visitor" vis ON vis.id = v."visitorId"`;

const CHAT_RULES = [
  `c.mode = 'direct'`,
  `NOT c."isDemo"`,
  `c."moderationStatus" NOT IN ('flagged', 'banned')`,
  `vis."bannedAt" IS NULL`,
  `EXISTS (SELECT 1 FROM "Message" m JOIN "ResponseMeta" r ON r."messageId" = m.id
            WHERE m."conversationId" = c.id AND r."finishReason" IS NOT NULL)`,
] as const;

/** A direct chat is released under the same rules, its age taken from when it began. */
export function releasedChatClauses(scope: ReleaseScope = {}): string[] {
  return [...CHAT_RULES, ...(scope.cohorts ? [] : [NO_COHORT]), ...olderThanDelay(`c."createdAt"`)];
}

export const FROM_CHATS = `FROM "Conversation" c LEFT JOIN "Visitor" vis ON vis.id = c."visitorId"`;

/** Both at once (the chat release for fine-tuning): battles' clauses read the vote, chats' the conversation. */
export const FROM_BATTLES_OR_CHATS = `FROM "Conversation" c LEFT JOIN "Vote" v ON v."conversationId" = c.id
  LEFT JOIN "Visitor" vis ON vis.id = c."visitorId"`;

/** The sentence every released artefact carries when a publication delay holds battles back ("" without one). */
export function publicationDelayNote(): string {
  const days = publicationDelayDays();
  if (days <= 0) return "";
  return `Battles and chats younger than ${days} day${days === 1 ? "" : "s"} are held back (publication delay).`;
}
