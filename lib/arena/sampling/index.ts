// lib/arena/sampling: which two models meet. `uniform` is FastChat's draw by weight (./fastchat.ts, what the arena
// draws live); `adaptive` (./policy.ts) spends votes where they decide the board: placement battles for models not
// yet listed, the closest unresolved neighbours, and a floor of uniform exploration, each pair's probability known.
export { type Candidate, NoPairError, samplePair, samplePairWith, sampleReplacement } from "./fastchat";
export {
  ADAPTIVE_DEFAULTS,
  type AdaptiveSettings,
  type BoardState,
  drawPair,
  type PairDistribution,
  type PairingPolicy,
  pairDistribution,
} from "./policy";
