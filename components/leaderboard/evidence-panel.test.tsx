import { describe, expect, it } from "vitest";
import { renderInEnglish as renderToStaticMarkup } from "@/components/render-in-english";
import { translator } from "@/lib/i18n";
import { type Battle, BattleTable, boardEvidence, computeLeaderboard } from "@/lib/ratings";
import { EvidencePanel } from "./evidence-panel";

const repeat = (n: number, battle: Battle) => Array.from({ length: n }, () => ({ ...battle }));

describe("the evidence panel", () => {
  it("shows every probe's verdict, what it found and its bar, in the reader's words", async () => {
    // a circle of three models, side A winning every decisive vote: two probes fire, the voter probes do not apply
    const battles = [
      ...repeat(40, { modelA: "rock", modelB: "scissors", winner: "model_a" }),
      ...repeat(10, { modelA: "scissors", modelB: "rock", winner: "model_a" }),
      ...repeat(40, { modelA: "scissors", modelB: "paper", winner: "model_a" }),
      ...repeat(10, { modelA: "paper", modelB: "scissors", winner: "model_a" }),
      ...repeat(40, { modelA: "paper", modelB: "rock", winner: "model_a" }),
      ...repeat(10, { modelA: "rock", modelB: "paper", winner: "model_a" }),
    ] as Battle[];
    const table = BattleTable.from(battles);
    const board = await computeLeaderboard(table, table.allRows(), { ci: "sandwich" });
    const evidence = await boardEvidence(table, table.allRows(), board.models);
    const html = renderToStaticMarkup(<EvidencePanel evidence={evidence} t={translator("en")} />);
    expect(html).toContain("Evidence behind this board");
    expect(html.match(/data-probe=/g)).toHaveLength(6);
    expect(html).toContain("Side A won 100.0% of 150 decisive votes");
    expect(html).toMatch(/1 cycle beyond noise, for example (rock|paper|scissors) &gt; /);
    expect(html).toContain("The votes name no voter.");
    expect(html.match(/Bar: /g)).toHaveLength(6);
    expect(html.match(/>fires</g)).toHaveLength(2);
    expect(html.match(/>does not apply</g)).toHaveLength(2);
    const french = renderToStaticMarkup(<EvidencePanel evidence={evidence} t={translator("fr")} />);
    expect(french).toContain("Ce qui étaye ce classement");
    expect(french).not.toContain("Evidence behind");
  });
});
