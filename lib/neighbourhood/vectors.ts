// How a battle's embedding is stored: 8 bits a value with one scale per vector (the image's features are ReLU
// outputs, never negative: 0–255; the text's are signed: −127–127). A quarter of float32's size, and cosines move
// by well under 1% (the quantisation step is 1/255 of the largest value).
export function packUnsigned(v: Float32Array): { bytes: Buffer; scale: number } {
  let max = 0;
  for (const x of v) max = Math.max(max, x);
  const scale = max > 0 ? max / 255 : 0;
  const bytes = Buffer.alloc(v.length);
  if (scale > 0) for (let i = 0; i < v.length; i++) bytes[i] = Math.round(Math.max(0, v[i] as number) / scale);
  return { bytes, scale };
}

export function packSigned(v: Float32Array): { bytes: Buffer; scale: number } {
  let max = 0;
  for (const x of v) max = Math.max(max, Math.abs(x));
  const scale = max > 0 ? max / 127 : 0;
  const bytes = Buffer.alloc(v.length);
  if (scale > 0) for (let i = 0; i < v.length; i++) bytes.writeInt8(Math.round((v[i] as number) / scale), i);
  return { bytes, scale };
}

export function unpackUnsigned(bytes: Uint8Array, scale: number, into: Float32Array, offset = 0): void {
  for (let i = 0; i < bytes.length; i++) into[offset + i] = (bytes[i] as number) * scale;
}

export function unpackSigned(bytes: Uint8Array, scale: number, into: Float32Array, offset = 0): void {
  const view = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let i = 0; i < view.length; i++) into[offset + i] = (view[i] as number) * scale;
}
