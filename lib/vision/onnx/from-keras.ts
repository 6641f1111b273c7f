// A TensorFlow.js Keras model (the layers nsfwjs's MobileNetV2 is made of) written as an ONNX graph, so a native
// runtime (onnxruntime-node, CPU) runs the very weights nsfwjs ships. Keras is channels-last, ONNX convolutions
// channels-first: the graph takes NCHW input and every kernel is transposed here. Supported: InputLayer,
// ZeroPadding2D, Conv2D, DepthwiseConv2D, BatchNormalization, ReLU (with max value), Add, AveragePooling2D,
// GlobalAveragePooling2D, Flatten, Dense (linear/relu/softmax), Dropout (inference: identity). Anything else is
// refused by name, so a new nsfwjs model cannot be converted wrongly in silence.
import { domainError } from "../../errors";
import { type Attribute, model, node, tensor, valueInfo } from "./protobuf";

/** The parts of a tfjs layer the converter reads (tf.layers.Layer satisfies it). */
export interface KerasLayer {
  name: string;
  getClassName(): string;
  getConfig(): Record<string, unknown>;
  getWeights(): { shape: number[]; dataSync(): Float32Array | Int32Array | Uint8Array }[];
  inboundNodes: { inboundLayers: { name: string }[] }[];
}

/** A layer (or option) the converter does not know: the operator learns which, and nothing is half-converted. */
export class UnsupportedLayerError extends domainError("internal", "unsupported_layer") {}

const OPSET = 13;

/** Keras [kh, kw, in, out] → ONNX [out, in, kh, kw]. */
function convKernel(k: Float32Array, [kh, kw, cin, cout]: [number, number, number, number]): Float32Array {
  const out = new Float32Array(k.length);
  for (let i = 0; i < kh; i++)
    for (let j = 0; j < kw; j++)
      for (let c = 0; c < cin; c++)
        for (let o = 0; o < cout; o++)
          out[((o * cin + c) * kh + i) * kw + j] = k[((i * kw + j) * cin + c) * cout + o] as number;
  return out;
}

/** Keras depthwise [kh, kw, in, multiplier] → ONNX grouped conv [in × multiplier, 1, kh, kw]. */
function depthwiseKernel(k: Float32Array, [kh, kw, cin, mult]: [number, number, number, number]): Float32Array {
  const out = new Float32Array(k.length);
  for (let i = 0; i < kh; i++)
    for (let j = 0; j < kw; j++)
      for (let c = 0; c < cin; c++)
        for (let m = 0; m < mult; m++)
          out[((c * mult + m) * kh + i) * kw + j] = k[((i * kw + j) * cin + c) * mult + m] as number;
  return out;
}

const pair = (v: unknown): [number, number] =>
  Array.isArray(v) ? [Number(v[0]), Number(v[1])] : [Number(v), Number(v)];

/**
 * The ONNX bytes of a Keras functional model with one image input (height × width × 3, channels last) and one
 * output. The graph's input "image" is [batch, 3, height, width], float32, already scaled as the Keras model expects.
 */
export function kerasToOnnx(
  layers: KerasLayer[],
  input: { height: number; width: number; channels: number },
  /** "features": the graph ends where the convolutions become a vector (the first global average pooling or
   *  flattening; nsfwjs's MobileNetV2: average pooling then flatten, 1,280 values), its output named "features" —
   *  the image's embedding, what the classifier's head reads; by default the model's own output, "scores" */
  options: { output?: "scores" | "features" } = {},
): Uint8Array {
  const nodes: Uint8Array[] = [];
  const initializers: Uint8Array[] = [];
  /** the ONNX value each Keras layer's output became */
  const valueFor = new Map<string, string>();
  const constant = (name: string, dims: number[], values: Float32Array | BigInt64Array) => {
    initializers.push(tensor(name, dims, values));
    return name;
  };
  const emit = (op: string, name: string, inputs: string[], attributes?: Attribute[]) => {
    nodes.push(node({ op, name, inputs, outputs: [name], attributes }));
    return name;
  };
  const activation = (kind: unknown, value: string, name: string) => {
    if (kind === undefined || kind === null || kind === "linear") return value;
    if (kind === "relu") return emit("Relu", `${name}/relu`, [value]);
    if (kind === "softmax") return emit("Softmax", `${name}/softmax`, [value], [{ name: "axis", i: -1 }]);
    throw new UnsupportedLayerError(`activation '${String(kind)}' in layer ${name}`);
  };
  let last = "";
  let pooled = false;
  for (const layer of layers) {
    const kind = layer.getClassName();
    const config = layer.getConfig();
    const name = layer.name;
    const from = layer.inboundNodes[0]?.inboundLayers.map((l) => valueFor.get(l.name) as string) ?? [];
    const x = from[0] as string;
    const weights = layer.getWeights().map((w) => ({ shape: w.shape, data: Float32Array.from(w.dataSync()) }));
    let out: string;
    switch (kind) {
      case "InputLayer":
        out = "image";
        break;
      case "Dropout":
        out = x;
        break;
      case "ZeroPadding2D": {
        const [[top, bottom], [left, right]] = config.padding as [[number, number], [number, number]];
        const pads = constant(
          `${name}/pads`,
          [8],
          BigInt64Array.from([0, 0, top, left, 0, 0, bottom, right].map(BigInt)),
        );
        out = emit("Pad", name, [x, pads]);
        break;
      }
      case "Conv2D":
      case "DepthwiseConv2D": {
        const [k, bias] = weights;
        if (!k) throw new UnsupportedLayerError(`layer ${name} has no kernel`);
        if (k.shape.length !== 4) throw new UnsupportedLayerError(`layer ${name} with a ${k.shape.length}-d kernel`);
        const shape = k.shape as [number, number, number, number];
        // the last axis: filters for a convolution, the channel multiplier for a depthwise one
        const [kh, kw, cin, last4] = shape;
        const depthwise = kind === "DepthwiseConv2D";
        const w = constant(
          `${name}/W`,
          depthwise ? [cin * last4, 1, kh, kw] : [last4, cin, kh, kw],
          depthwise ? depthwiseKernel(k.data, shape) : convKernel(k.data, shape),
        );
        const inputs = [x, w];
        if (bias) inputs.push(constant(`${name}/B`, bias.shape, bias.data));
        if (config.padding !== "same" && config.padding !== "valid")
          throw new UnsupportedLayerError(`layer ${name} with padding ${String(config.padding)}`);
        const conv = emit("Conv", `${name}/conv`, inputs, [
          { name: "kernel_shape", ints: [kh, kw] },
          { name: "strides", ints: pair(config.strides) },
          { name: "dilations", ints: pair(config.dilationRate ?? 1) },
          // Keras "same" pads the extra row and column at the end (bottom, right): ONNX's SAME_UPPER
          config.padding === "same" ? { name: "auto_pad", s: "SAME_UPPER" } : { name: "pads", ints: [0, 0, 0, 0] },
          ...(depthwise ? [{ name: "group", i: cin }] : []),
        ]);
        out = activation(config.activation, conv, name);
        break;
      }
      case "BatchNormalization": {
        const [gamma, beta, mean, variance] = weights;
        if (!gamma || !beta || !mean || !variance || config.center === false || config.scale === false)
          throw new UnsupportedLayerError(`batch normalisation ${name} without scale and centre`);
        out = emit(
          "BatchNormalization",
          name,
          [
            x,
            constant(`${name}/gamma`, gamma.shape, gamma.data),
            constant(`${name}/beta`, beta.shape, beta.data),
            constant(`${name}/mean`, mean.shape, mean.data),
            constant(`${name}/var`, variance.shape, variance.data),
          ],
          [{ name: "epsilon", f: Number(config.epsilon ?? 1e-3) }],
        );
        break;
      }
      case "ReLU": {
        const max = config.maxValue;
        out =
          typeof max === "number"
            ? emit("Clip", name, [
                x,
                constant(`${name}/min`, [], Float32Array.of(0)),
                constant(`${name}/max`, [], Float32Array.of(max)),
              ])
            : emit("Relu", name, [x]);
        break;
      }
      case "Add":
        out = emit("Add", name, from);
        break;
      case "AveragePooling2D":
        if (config.padding !== "valid")
          throw new UnsupportedLayerError(`pooling ${name} with padding ${String(config.padding)}`);
        out = emit(
          "AveragePool",
          name,
          [x],
          [
            { name: "kernel_shape", ints: pair(config.poolSize) },
            { name: "strides", ints: pair(config.strides ?? config.poolSize) },
          ],
        );
        break;
      case "GlobalAveragePooling2D":
        out = emit("Flatten", name, [emit("GlobalAveragePool", `${name}/pool`, [x])]);
        break;
      case "Flatten":
        // Keras flattens height, width, channels in that order: back to channels last first
        out = emit("Flatten", name, [emit("Transpose", `${name}/nhwc`, [x], [{ name: "perm", ints: [0, 2, 3, 1] }])]);
        break;
      case "Dense": {
        const [k, bias] = weights;
        if (!k) throw new UnsupportedLayerError(`layer ${name} has no kernel`);
        const inputs = [x, constant(`${name}/W`, k.shape, k.data)];
        if (bias) inputs.push(constant(`${name}/B`, bias.shape, bias.data));
        out = activation(config.activation, emit("Gemm", `${name}/gemm`, inputs), name);
        break;
      }
      default:
        throw new UnsupportedLayerError(`layer ${name} of kind ${kind}`);
    }
    valueFor.set(name, out);
    last = out;
    if (options.output === "features" && (kind === "GlobalAveragePooling2D" || kind === "Flatten")) {
      pooled = true;
      break;
    }
  }
  if (options.output === "features" && !pooled) {
    throw new UnsupportedLayerError("the model has no pooling or flattening to take features from");
  }
  const output = emit("Identity", options.output ?? "scores", [last]);
  return model({
    name: "nsfw",
    nodes,
    initializers,
    inputs: [valueInfo("image", ["batch", input.channels, input.height, input.width])],
    outputs: [valueInfo(output, ["batch", options.output === "features" ? "features" : "classes"])],
    opset: OPSET,
  });
}
