// lib/vision: what the arena reads from pictures with models shipped inside npm packages — MobileNetV2's graph (the
// NSFW classifier's network and the neighbourhood's image embedding), a model-free thumbnail vector (the bench's
// curation), the face and object detector's loader, and the runtimes they need (TensorFlow.js, ONNX). The safety
// checks (lib/image-safety), the demo models (lib/demo-vision), the bench and the neighbourhood use them.
export { lazyHuman } from "./human";
export {
  channelsFirst,
  classifierPixels,
  imageEmbedding,
  type KerasModel,
  kerasModel,
  SIZE,
  sessionOf,
} from "./mobilenet";
export { kerasToOnnx, UnsupportedLayerError } from "./onnx/from-keras";
export { tensorflow } from "./tensorflow";
export { thumbnailFeatures } from "./thumbnail";
