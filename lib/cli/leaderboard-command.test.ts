// `arena leaderboard`: the listing as the API gives it (issue 68): thin models unranked after the ranked ones, the
// fragility in every format, tiers beside ranks.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { commandOutput } from "../../tests/support/command-output";
import { createRandom } from "../numeric";
import { PROBE_IDS } from "../ratings/evidence";
import { leaderboardCommand } from "./leaderboard-command";

const run = (args: string[]) => commandOutput(leaderboardCommand, args);

/** Four models in a clear order with 60 battles a pair, and one that won 10 of its 12 battles. */
function battleFile(): string {
  const rand = createRandom(11, 5);
  const models = ["m0", "m1", "m2", "m3"];
  const battles: { model_a: string; model_b: string; winner: string }[] = [];
  for (let i = 0; i < models.length; i++)
    for (let j = i + 1; j < models.length; j++)
      for (let k = 0; k < 60; k++)
        battles.push({
          model_a: models[i] as string,
          model_b: models[j] as string,
          winner: rand() < 0.5 + 0.12 * (j - i) ? "model_a" : "model_b",
        });
  for (let k = 0; k < 12; k++) battles.push({ model_a: "thin", model_b: "m1", winner: k < 10 ? "model_a" : "model_b" });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lb-cli-")), "battles.json");
  fs.writeFileSync(file, JSON.stringify(battles));
  return file;
}

describe("arena leaderboard --min-votes", () => {
  it("lists a 12-vote model unranked, after the ranked ones, with no interval, marked preliminary (json)", async () => {
    const json = JSON.parse(await run([battleFile(), "--min-votes", "30", "--ci", "sandwich", "--format", "json"]));
    const last = json.models.at(-1);
    expect(last).toMatchObject({ model: "thin", votes: 12, rank: null, ciLower: null, ciUpper: null, tier: null });
    expect(last.preliminary).toBe(true);
    for (const m of json.models.slice(0, -1)) expect(m).toMatchObject({ preliminary: false, rank: expect.any(Number) });
  });

  it("says so in the table and the csv too", async () => {
    const file = battleFile();
    const table = await run([file, "--min-votes", "30", "--ci", "sandwich"]);
    const row = table.split("\n").find((line) => /\bthin\b/.test(line)) as string;
    expect(row).toMatch(/^\s*-\s/);
    expect(row).toContain("preliminary");
    expect(row).not.toMatch(/\+\d+\/-\d+/);
    expect(table.trim().split("\n").at(-1)).toBe(row);
    const csv = (await run([file, "--min-votes", "30", "--ci", "sandwich", "--format", "csv"])).trim().split("\n");
    const header = (csv[0] as string).split(",");
    const thin = (csv.find((line) => line.includes(",thin,")) as string).split(",");
    const cell = (name: string) => thin[header.indexOf(name)];
    expect([cell("rank"), cell("ci_lower"), cell("ci_upper"), cell("tier"), cell("preliminary")]).toEqual([
      "",
      "",
      "",
      "",
      "true",
    ]);
  });
});

describe("arena leaderboard --fragility", () => {
  it("gives each ranked model's votes to swap in json, csv and the table", async () => {
    const file = battleFile();
    const args = [file, "--ci", "sandwich", "--min-votes", "30", "--fragility"];
    const json = JSON.parse(await run([...args, "--format", "json"]));
    const top = json.models[0];
    expect(top.fragility).toMatchObject({ with: json.models[1].model });
    expect(top.fragility.votes === null || top.fragility.votes > 0).toBe(true);
    expect(json.models.at(-1).fragility).toBeNull(); // the preliminary model has none
    const csv = (await run([...args, "--format", "csv"])).trim().split("\n");
    const header = (csv[0] as string).split(",");
    expect(header).toEqual(expect.arrayContaining(["fragility_votes", "fragility_with"]));
    const first = (csv[1] as string).split(",");
    expect(first[header.indexOf("fragility_with")]).toBe(json.models[1].model);
    expect(first[header.indexOf("fragility_votes")]).toBe(String(top.fragility.votes ?? ""));
    const table = await run(args);
    expect(table).toContain("Votes to swap");
    const topRow = table.split("\n").find((line) => line.includes(` ${top.model} `)) as string;
    expect(topRow).toContain(
      top.fragility.votes === null ? "none found" : `${top.fragility.votes} (${json.models[1].model})`,
    );
  });

  it("is no column or field without --fragility", async () => {
    const file = battleFile();
    expect(await run([file, "--ci", "sandwich"])).not.toContain("Votes to swap");
    expect(JSON.parse(await run([file, "--ci", "sandwich", "--format", "json"])).models[0]).not.toHaveProperty(
      "fragility",
    );
  });
});

describe("arena leaderboard: tiers", () => {
  it("prints each ranked model's tier, the leader's class first", async () => {
    const json = JSON.parse(await run([battleFile(), "--ci", "sandwich", "--min-votes", "30", "--format", "json"]));
    expect(json.models[0].tier).toBe(1);
    const tiers = json.models
      .filter((m: { preliminary: boolean }) => !m.preliminary)
      .map((m: { tier: number }) => m.tier);
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
  });
});

describe("arena leaderboard --evidence", () => {
  it("adds the six probes to the json and a panel under the table, each with its bar", async () => {
    const file = battleFile();
    const json = JSON.parse(await run([file, "--ci", "sandwich", "--evidence", "--format", "json"]));
    expect(json.evidence.probes.map((p: { id: string }) => p.id)).toEqual([...PROBE_IDS]);
    // no voters in this file: the probes of voters say they do not apply
    expect(json.evidence.probes.find((p: { id: string }) => p.id === "concentration").fired).toBeNull();
    const table = await run([file, "--ci", "sandwich", "--evidence"]);
    expect(table).toContain("Evidence (each probe fires when its bar is crossed):");
    expect(table).toMatch(/\n\s+(FIRES|clear)\s+position_bias: side A won .* of \d+ decisive votes/);
    expect(table).toMatch(/\n\s+n\/a\s+concentration: the battles name no voter/);
    expect(table.match(/\n\s+bar: /g)).toHaveLength(6);
  });

  it("is refused with csv, which has no room for it", async () => {
    await expect(run([battleFile(), "--evidence", "--format", "csv"])).rejects.toThrow(/--evidence goes with/);
  });
});
