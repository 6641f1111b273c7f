// The few ONNX protobuf messages a converted graph needs (onnx/onnx.proto: ModelProto, GraphProto, NodeProto,
// AttributeProto, TensorProto, ValueInfoProto), written with protobuf's wire format directly. No library: the
// converter writes 8 message types once per process, and protobufjs would need the 900-line schema shipped beside it.

type Field = Uint8Array;

function varint(value: number | bigint): number[] {
  let v = BigInt(value);
  if (v < 0n) v += 1n << 64n; // negative int64s are ten bytes, two's complement
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const key = (field: number, wire: number) => varint((field << 3) | wire);
/** an integer field (wire type 0) */
export const int = (field: number, value: number | bigint): Field =>
  Uint8Array.from([...key(field, 0), ...varint(value)]);
/** a length-delimited field (wire type 2): bytes, a string or a nested message */
export const bytes = (field: number, value: Uint8Array | string): Field => {
  const body = typeof value === "string" ? new TextEncoder().encode(value) : value;
  return concat([Uint8Array.from([...key(field, 2), ...varint(body.length)]), body]);
};
/** a float field (wire type 5) */
export const float = (field: number, value: number): Field => {
  const body = new Uint8Array(4);
  new DataView(body.buffer).setFloat32(0, value, true);
  return concat([Uint8Array.from(key(field, 5)), body]);
};
export const message = (fields: Field[]): Uint8Array => concat(fields);

// ONNX's enums and field numbers, as onnx.proto numbers them
export const FLOAT = 1;
export const INT64 = 7;
const ATTR = { FLOAT: 1, INT: 2, STRING: 3, INTS: 7 } as const;

export type Attribute = { name: string } & ({ f: number } | { i: number } | { s: string } | { ints: number[] });

function attribute(a: Attribute): Uint8Array {
  if ("f" in a) return message([bytes(1, a.name), float(2, a.f), int(20, ATTR.FLOAT)]);
  if ("i" in a) return message([bytes(1, a.name), int(3, a.i), int(20, ATTR.INT)]);
  if ("s" in a) return message([bytes(1, a.name), bytes(4, a.s), int(20, ATTR.STRING)]);
  return message([bytes(1, a.name), ...a.ints.map((v) => int(8, v)), int(20, ATTR.INTS)]);
}

export interface Node {
  op: string;
  inputs: string[];
  outputs: string[];
  name: string;
  attributes?: Attribute[];
}

export const node = (n: Node): Uint8Array =>
  message([
    ...n.inputs.map((i) => bytes(1, i)),
    ...n.outputs.map((o) => bytes(2, o)),
    bytes(3, n.name),
    bytes(4, n.op),
    ...(n.attributes ?? []).map((a) => bytes(5, attribute(a))),
  ]);

/** A constant (an initializer): float32 or int64 values, little-endian in raw_data. */
export function tensor(name: string, dims: number[], values: Float32Array | BigInt64Array): Uint8Array {
  const type = values instanceof Float32Array ? FLOAT : INT64;
  const raw = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  return message([...dims.map((d) => int(1, d)), int(2, type), bytes(8, name), bytes(9, raw)]);
}

/** A graph input or output: a float tensor whose dims are numbers or named (symbolic, e.g. the batch). */
export function valueInfo(name: string, dims: (number | string)[]): Uint8Array {
  const dimensions = dims.map((d) => bytes(1, message([typeof d === "number" ? int(1, d) : bytes(2, d)])));
  const tensorType = message([int(1, FLOAT), bytes(2, message(dimensions))]);
  return message([bytes(1, name), bytes(2, message([bytes(1, tensorType)]))]);
}

export function model(graph: {
  name: string;
  nodes: Uint8Array[];
  initializers: Uint8Array[];
  inputs: Uint8Array[];
  outputs: Uint8Array[];
  opset: number;
}): Uint8Array {
  const g = message([
    ...graph.nodes.map((n) => bytes(1, n)),
    bytes(2, graph.name),
    ...graph.initializers.map((t) => bytes(5, t)),
    ...graph.inputs.map((v) => bytes(11, v)),
    ...graph.outputs.map((v) => bytes(12, v)),
  ]);
  // IR version 8 (ONNX 1.10+) with the default operator set
  return message([
    int(1, 8),
    bytes(2, "vision-arena"),
    bytes(7, g),
    bytes(8, message([bytes(1, ""), int(2, graph.opset)])),
  ]);
}
