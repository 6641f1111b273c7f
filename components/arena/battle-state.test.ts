import { describe, expect, it } from "vitest";
import { battleReducer, battleView, initialBattle, shownVersions } from "./battle-state";
import { shownText } from "./resume";

describe("the battle on screen", () => {
  it("goes from a question through streamed answers to a vote", () => {
    let s = initialBattle("battle");
    s = battleReducer(s, { type: "created", id: "c1" });
    s = battleReducer(s, { type: "asked", turn: 1, text: "what is this?", images: ["blob:1"] });
    expect(s.entries.a[0]).toMatchObject({ role: "user", images: ["blob:1"] });
    for (const side of ["a", "b"] as const) {
      s = battleReducer(s, { type: "streamed", event: { type: "start", side, turn: 1 } as never });
      s = battleReducer(s, { type: "streamed", event: { type: "delta", side, text: "a " } as never });
      s = battleReducer(s, { type: "streamed", event: { type: "delta", side, text: "cat" } as never });
    }
    expect(battleView(s)).toMatchObject({ streaming: true, latestDone: false });
    for (const side of ["a", "b"] as const)
      s = battleReducer(s, { type: "streamed", event: { type: "done", side } as never });
    expect(s.entries.b[1]).toMatchObject({ content: "a cat", status: "done" });
    expect(battleView(s)).toMatchObject({ streaming: false, latestDone: true });
    const models = { a: { id: "x" }, b: { id: "y" } } as never;
    s = battleReducer(s, { type: "voted", winner: "model_a", models });
    expect([s.vote, s.revealed]).toEqual(["model_a", models]);
    s = battleReducer(s, { type: "reset" });
    expect(s).toEqual(initialBattle("battle"));
  });

  it("replaces a regenerated answer, marks a failed request's streaming side, keeps named models on reset", () => {
    let s = initialBattle("side_by_side");
    const revealed = { a: { id: "x" }, b: { id: "y" } } as never;
    s = battleReducer(s, { type: "created", id: "c1", revealed });
    s = battleReducer(s, { type: "asked", turn: 1, text: "q", images: [] });
    s = battleReducer(s, { type: "streamed", event: { type: "start", side: "a", turn: 1 } as never });
    s = battleReducer(s, { type: "streamed", event: { type: "delta", side: "a", text: "old" } as never });
    s = battleReducer(s, { type: "streamed", event: { type: "start", side: "a", turn: 1 } as never });
    expect(s.entries.a).toHaveLength(2);
    expect(s.entries.a[1]?.content).toBe("");
    s = battleReducer(s, { type: "requestFailed", sides: ["a", "b"], message: "cut" });
    expect(s.entries.a[1]).toMatchObject({ status: "error", error: "cut" });
    expect(s.entries.b).toHaveLength(1); // nothing was streaming there
    expect(battleReducer(s, { type: "reset" }).revealed).toBe(revealed);
  });

  it("reveals a resumed anonymous battle only once it was voted on", () => {
    const resumed = {
      entries: { a: [], b: [] },
      turn: 1,
      vote: null,
      revealed: { a: { id: "x" } } as never,
      pending: true,
    };
    const s = battleReducer(initialBattle("battle"), { type: "resumed", id: "c1", resumed });
    expect([s.revealed, s.awaitingServer]).toEqual([{}, true]);
    const voted = battleReducer(initialBattle("battle"), {
      type: "resumed",
      id: "c1",
      resumed: { ...resumed, vote: "tie" as const },
    });
    expect(voted.revealed).toEqual(resumed.revealed);
  });

  it("shows a side thinking without its thought, then puts the revealed thought beside its turn after the vote", () => {
    let s = initialBattle("battle");
    s = battleReducer(s, { type: "created", id: "c1" });
    s = battleReducer(s, { type: "asked", turn: 1, text: "area?", images: [] });
    s = battleReducer(s, { type: "streamed", event: { type: "start", side: "a", turn: 1 } });
    s = battleReducer(s, { type: "streamed", event: { type: "thinking", side: "a" } });
    expect(s.entries.a[1]).toMatchObject({ status: "streaming", content: "" });
    expect(typeof s.entries.a[1]?.thinkingSince).toBe("number");
    expect(s.entries.a[1]?.thought).toBeUndefined();
    s = battleReducer(s, { type: "streamed", event: { type: "delta", side: "a", text: "6" } });
    s = battleReducer(s, { type: "streamed", event: { type: "done", side: "a", finishReason: "stop" } });
    const models = { a: { id: "x" }, b: { id: "y" } } as never;
    s = battleReducer(s, {
      type: "voted",
      winner: "tie",
      models,
      thoughts: { a: [{ turn: 1, text: "half of 3 times 4", ms: 1200 }], b: [] },
    });
    expect(s.entries.a[1]?.thought).toEqual({ text: "half of 3 times 4", ms: 1200 });
    expect(s.entries.a[0]?.thought).toBeUndefined(); // the prompt has none
  });

  it("keeps a regenerated answer's earlier versions to page through, and says which one the vote judges", () => {
    let s = initialBattle("battle");
    s = battleReducer(s, { type: "created", id: "c1" });
    s = battleReducer(s, { type: "asked", turn: 1, text: "q", images: [] });
    const answer = (text: string) => {
      for (const side of ["a", "b"] as const) {
        s = battleReducer(s, { type: "streamed", event: { type: "start", side, turn: 1 } as never });
        s = battleReducer(s, { type: "streamed", event: { type: "delta", side, text: `${text} ${side}` } as never });
        s = battleReducer(s, { type: "streamed", event: { type: "done", side } as never });
      }
    };
    answer("first");
    expect(shownVersions(s)).toBeUndefined();
    answer("second");
    const a = () => s.entries.a[1] as NonNullable<(typeof s.entries.a)[1]>;
    expect(a()).toMatchObject({ versions: ["first a", "second a"], shownVersion: 2 });
    s = battleReducer(s, { type: "showVersion", side: "a", version: 1 });
    expect(shownText(a())).toBe("first a");
    expect(shownVersions(s)).toEqual({ a: 1, b: 2 });
    // out of range: nothing changes
    s = battleReducer(s, { type: "showVersion", side: "a", version: 3 });
    expect(a().shownVersion).toBe(1);
    // a third version is shown once it is done
    answer("third");
    expect(a()).toMatchObject({ versions: ["first a", "second a", "third a"], shownVersion: 3 });
  });
});
