// lib/image-safety: images checked before any model sees them, and faces blurred before release.
export {
  checkImage,
  checksUseClassifierPixels,
  configuredImageChecks,
  type ImageCheck,
  type ImageVerdict,
  localNsfwCheck,
  openAiImageCheck,
} from "./checks";
export { blurFaces, detectFaces, type FaceBox } from "./faces";
export {
  explicitScore,
  type NsfwClass,
  type NsfwInput,
  type NsfwScores,
  nsfwScores,
  tfjsNsfwScores,
  timedNsfwScores,
} from "./nsfw";
export { classifierLoad, pooledNsfwScores, warmNsfwPool } from "./nsfw-pool";
export { hammingDistance, perceptualHash } from "./phash";
