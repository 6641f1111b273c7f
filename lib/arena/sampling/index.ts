// lib/arena/sampling: which two models meet. `uniform` is FastChat's draw by weight (./fastchat.ts); `adaptive`
// (./policy.ts) spends votes where they decide the board: placement battles for models not yet listed, the closest
// unresolved neighbours, and a floor of uniform exploration. The live draw (./live.ts) knows each pair's probability.
export { liveBoardState } from "./board-state";
export { type Candidate, NoPairError, samplePair, samplePairWith, sampleReplacement } from "./fastchat";
export { battlePool, type DrawnPair, drawLivePair, IMAGE_STRATA_ORDER, imageStratum, type LiveDraw } from "./live";
// the pairing policies whole: their settings, the board state they read, each pair's probability and the draw
export * from "./policy";
