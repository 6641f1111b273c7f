// An accuracy with its 95% Wilson interval (lib/numeric/wilson.ts).
import { wilsonInterval } from "../numeric";

export { wilsonInterval };

export interface Tally {
  correct: number;
  total: number;
  accuracy: number;
  /** 95% Wilson interval of the accuracy */
  ci: [number, number];
}

export function tally(correct: number, total: number): Tally {
  return { correct, total, accuracy: total ? correct / total : 0, ci: wilsonInterval(correct, total) };
}
