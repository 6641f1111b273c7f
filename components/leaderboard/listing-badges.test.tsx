import { describe, expect, it } from "vitest";
import { renderInEnglish as renderToStaticMarkup } from "@/components/render-in-english";
import type { SnapshotModel } from "@/lib/leaderboard";
import { LeaderboardTable } from "./leaderboard-table";
import { IntervalText, ListingBadges } from "./listing-badges";

const model = (over: Partial<SnapshotModel>): SnapshotModel => ({
  model: "m",
  displayName: "M",
  organization: null,
  license: null,
  isDemo: false,
  rating: 1000,
  ciLower: 990,
  ciUpper: 1012,
  rank: 1,
  votes: 500,
  winRate: 0.5,
  preliminary: false,
  retired: false,
  rankSpread: [1, 1],
  tier: 1,
  fragility: null,
  ...over,
});

describe("the listing on the board", () => {
  it("shows a preliminary model's vote count where its interval would be, never +0/-0", () => {
    const fresh = model({ votes: 1, preliminary: true, rank: null, ciLower: Number.NaN, ciUpper: Number.NaN });
    const interval = renderToStaticMarkup(<IntervalText model={fresh} />);
    expect(interval).toContain("too few votes (1)");
    expect(interval).not.toMatch(/\+\d/);
    expect(renderToStaticMarkup(<IntervalText model={model({})} />)).toBe("+12/−10");
    expect(renderToStaticMarkup(<ListingBadges model={fresh} minVotes={30} />)).toContain("preliminary");
  });

  it("says how fragile an order is, in the singular for one vote", () => {
    const one = renderToStaticMarkup(
      <ListingBadges model={model({ fragility: { votes: 1, approximate: 1, with: "B" } })} minVotes={30} />,
    );
    expect(one).toContain("order holds unless 1 vote is removed");
    expect(one).toContain('href="/about#fragility"');
    const many = renderToStaticMarkup(
      <ListingBadges model={model({ fragility: { votes: 12, approximate: 9, with: "B" } })} minVotes={30} />,
    );
    expect(many).toContain("order holds unless 12 votes are removed");
    expect(renderToStaticMarkup(<ListingBadges model={model({})} minVotes={30} />)).toBe("");
  });

  it("lists unranked models with a dash for their rank, the rank spread in brackets, and retired ones only when asked", () => {
    const html = renderToStaticMarkup(
      <LeaderboardTable
        minVotes={30}
        models={[
          model({ model: "a", displayName: "Alpha", rank: 1, rankSpread: [1, 3] }),
          model({ model: "r", displayName: "Retired One", rank: null, rankSpread: null, retired: true }),
          model({
            model: "p",
            displayName: "Fresh",
            rank: null,
            rankSpread: null,
            votes: 4,
            preliminary: true,
            ciLower: Number.NaN,
            ciUpper: Number.NaN,
          }),
        ]}
      />,
    );
    expect(html).toContain("(1–3)");
    expect(html).toContain("—");
    expect(html).toContain("too few votes (4)");
    expect(html).toContain("Show 1 retired");
    expect(html).not.toContain("Retired One");
    expect(html).not.toContain("+0/-0");
    expect(html).not.toContain("+0/−0");
  });
});
