// The vote's decision without a database: refusals, the same vote again, anonymity and exclusion reasons, the
// versions shown after Regenerate, thoughts that name a model.
import { describe, expect, it } from "vitest";
import { kindOf } from "../errors";
import { identityTerms } from "./identity";
import type { RegistryModel } from "./registry-cache";
import { type ConversationRow, decideVote, type VoteRequest } from "./vote-decision";

const model = (id: string, displayName: string, organization: string): RegistryModel => ({
  id,
  displayName,
  providerModelId: id,
  organization,
  license: null,
  isDemo: false,
  vision: true,
  enabled: true,
  outage: false,
  weight: 1,
  battleTargets: [],
});
const models = [model("m-alpha", "Alphacat", "Felid Labs"), model("m-beta", "Betadog", "Canid Inc")];
const registry = { models: new Map(models.map((m) => [m.id, m])), terms: identityTerms(models) };
const NOW = Date.parse("2026-11-27T12:00:00Z");

const answer = (side: "a" | "b", content: string, extra: Partial<NonNullable<ConversationRow["answers"]>[0]> = {}) => ({
  side,
  turn: 1,
  content,
  finishReason: "stop",
  error: null,
  createdAt: "2026-11-27T11:59:00Z",
  heartbeatAt: null,
  reasoning: null,
  thinkingMs: null,
  firstTokenMs: 420,
  totalMs: 2100,
  tokens: 57,
  ...extra,
});

const battle = (over: Partial<ConversationRow> = {}): ConversationRow => ({
  visitorId: "v1",
  banned: false,
  mode: "battle",
  modelAId: "m-alpha",
  modelBId: "m-beta",
  turnCount: 1,
  isDemo: false,
  chosenModelId: null,
  versionCounts: { a: 1, b: 1 },
  moderationStatus: "clean",
  voteWinner: null,
  voteAnonymous: null,
  voteReasons: null,
  answers: [answer("a", "A red square."), answer("b", "A square, red.")],
  ...over,
});

const vote: VoteRequest = { visitorId: "v1", winner: "model_a" };
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return { kind: kindOf(error), code: (error as { code?: string }).code };
  }
  return null;
};

describe("decideVote", () => {
  it("a new anonymous vote on a finished battle reveals both models and counts", () => {
    const decision = decideVote(battle(), vote, registry, NOW);
    expect(decision.kind).toBe("new");
    if (decision.kind !== "new") return;
    expect(decision.anonymous).toBe(true);
    expect(decision.exclusionReasons).toEqual([]);
    expect(decision.models.a).toMatchObject({ id: "m-alpha", displayName: "Alphacat", organization: "Felid Labs" });
    expect(decision.shownVersions).toBeNull();
    expect(decision.thoughtNames).toEqual([]);
    // each finished answer's time to first token, total time and tokens, revealed with the models
    expect(decision.stats.a).toEqual([{ turn: 1, firstTokenMs: 420, totalMs: 2100, tokens: 57 }]);
    expect(decision.stats.b).toHaveLength(1);
  });

  it("refuses what a visitor cannot vote on, each with its own code", () => {
    expect(refusal(() => decideVote(undefined, vote, registry, NOW))).toEqual({
      kind: "not_found",
      code: "conversation_not_found",
    });
    expect(refusal(() => decideVote(battle({ visitorId: "someone else" }), vote, registry, NOW))?.code).toBe(
      "conversation_not_found",
    );
    expect(refusal(() => decideVote(battle({ banned: true }), vote, registry, NOW))).toEqual({
      kind: "forbidden",
      code: "visitor_banned",
    });
    expect(refusal(() => decideVote(battle({ mode: "direct", modelBId: null }), vote, registry, NOW))?.code).toBe(
      "no_vote_in_direct_chat",
    );
    expect(refusal(() => decideVote(battle({ moderationStatus: "flagged" }), vote, registry, NOW))?.code).toBe(
      "conversation_ended",
    );
    // side b still being written (no finish reason yet): the vote waits
    const writing = battle({ answers: [answer("a", "A red square."), answer("b", "", { finishReason: null })] });
    expect(refusal(() => decideVote(writing, vote, registry, NOW))).toEqual({
      kind: "conflict",
      code: "answers_pending",
    });
  });

  it("the same vote again is answered as recorded; another one is refused", () => {
    const voted = battle({ voteWinner: "model_a", voteAnonymous: false, voteReasons: ["identity_leak"] });
    const again = decideVote(voted, vote, registry, NOW);
    expect(again).toMatchObject({
      kind: "repeat",
      result: { created: false, anonymous: false, exclusionReasons: ["identity_leak"] },
    });
    expect(refusal(() => decideVote(voted, { ...vote, winner: "tie" }, registry, NOW))?.code).toBe("already_voted");
  });

  it("an answer naming a model, a chosen model, named models and demos each exclude the vote, with their reason", () => {
    const leak = decideVote(
      battle({ answers: [answer("a", "I am Alphacat."), answer("b", "ok")] }),
      vote,
      registry,
      NOW,
    );
    expect(leak).toMatchObject({ kind: "new", anonymous: false, exclusionReasons: ["identity_leak"] });
    const chosen = decideVote(battle({ chosenModelId: "m-beta" }), vote, registry, NOW);
    expect(chosen).toMatchObject({ anonymous: false, exclusionReasons: ["model_chosen"] });
    const named = decideVote(battle({ mode: "side_by_side", isDemo: true }), vote, registry, NOW);
    expect(named).toMatchObject({ anonymous: false, exclusionReasons: ["named_models", "demo"] });
  });

  it("a thought that names a model goes before staff without ending anonymity", () => {
    const thinking = battle({
      answers: [
        answer("a", "A red square.", { reasoning: "Felid Labs trained me", thinkingMs: 900 }),
        answer("b", "ok"),
      ],
    });
    const decision = decideVote(thinking, vote, registry, NOW);
    expect(decision).toMatchObject({ kind: "new", anonymous: true, exclusionReasons: [] });
    if (decision.kind !== "new") return;
    expect(decision.thoughtNames).toEqual([{ side: "a", turn: 1, terms: ["felid labs"] }]);
    expect(decision.thoughts.a).toEqual([{ turn: 1, text: "Felid Labs trained me", ms: 900 }]);
  });

  it("after Regenerate, records which version of each side was shown (the newest when none or a bad one is named)", () => {
    const regenerated = battle({ versionCounts: { a: 3, b: 1 } });
    expect(decideVote(regenerated, { ...vote, versions: { a: 2 } }, registry, NOW)).toMatchObject({
      shownVersions: { a: { shown: 2, of: 3 }, b: { shown: 1, of: 1 } },
    });
    expect(decideVote(regenerated, { ...vote, versions: { a: 9 } }, registry, NOW)).toMatchObject({
      shownVersions: { a: { shown: 3, of: 3 } },
    });
  });
});
