import type { Battle } from "../../../lib/ratings/types";

function games(x: string, y: string, xWins: number, yWins: number): Battle[] {
  return [
    ...Array.from({ length: xWins }, () => ({ modelA: x, modelB: y, winner: "model_a" as const })),
    ...Array.from({ length: yWins }, () => ({ modelA: x, modelB: y, winner: "model_b" as const })),
  ];
}

/** The worked example of Wikipedia's Bradley–Terry article: A–B 2:3, A–D 1:4, B–C 5:3, C–D 1:3. */
export const wikipediaBattles: Battle[] = [
  ...games("A", "B", 2, 3),
  ...games("A", "D", 1, 4),
  ...games("B", "C", 5, 3),
  ...games("C", "D", 1, 3),
];
