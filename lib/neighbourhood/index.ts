// lib/neighbourhood: "which model for an image like mine?" — battles embedded by the jobs process, a picture and a
// question answered with the board of the most similar voted battles (lib/ratings/neighbourhood.ts).
export { forgetCandidates } from "./candidates";
export { EMBEDDING_VERSION, embedPendingBattles } from "./embed";
export { embeddingSchedule } from "./jobs";
export { type Asker, admitNeighbourhoodLookup, neighbourhoodOfUpload } from "./lookup";
export { type NeighbourBattle, type NeighbourhoodModel, type NeighbourhoodResult, neighbourhoodFor } from "./query";
export { WordVectorsMissing } from "./text";
