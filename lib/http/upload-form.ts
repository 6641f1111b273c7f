// A battle's or follow-up's multipart body read as a stream (busboy), part by part, each under its own cap: an image
// larger than the per-image limit, a file that is not an image by its first bytes, one file too many or an
// oversized field is refused the moment it shows, and the rest of the body is never buffered. Replaces reading the
// whole body and then parsing it (Response.formData), which held ~3.5× the body in memory per request whatever
// was in it (issue 41: 8 concurrent 60 MB bodies from one visitor took a web process past 1.6 GB).
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import type { UploadSize } from "../arena";
import { config } from "../config";
import { DomainError, InvalidInput, TooLarge } from "../errors";
import { ImageRejected } from "../images";
import { notAnImageMessage, sniffImageType } from "../images/client";
import { checkDeclaredLength, MB, rejectNul } from "./body";
import { neighbourhoodCeiling, uploadCeiling } from "./front-door.mjs";

export interface UploadFormLimits {
  /** the whole body (what the front door allows an upload route) */
  totalBytes: number;
  /** one image */
  maxFileBytes: number;
  maxFiles: number;
  /** one text field (the prompt's limit in UTF-8 bytes) */
  maxFieldBytes: number;
  /** when set, no file is accepted: the first image part is refused with this (a text-only model's follow-up) */
  noFiles?: Error;
}

export interface UploadForm {
  fields: Map<string, string>;
  /** the `images` files, in order */
  uploads: { name: string; bytes: Uint8Array }[];
}

/** The first bytes a file must show before its type is judged (sniffImageType needs 12). */
const SNIFF_BYTES = 12;
/** Text fields a battle's form has: prompt, mode, presetId, modelA, modelB, withModel (and room to spare). */
const MAX_FIELDS = 16;

const whole = (bytes: number) => `${Math.round(bytes / MB)} MB`;

export function readUploadForm(request: Request, limits: UploadFormLimits): Promise<UploadForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data"))
    throw new DomainError(
      "unsupported_media",
      "unsupported_media_type",
      "send the prompt and images as multipart/form-data",
    );
  checkDeclaredLength(request, limits.totalBytes);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles,
        fields: MAX_FIELDS,
        fieldSize: limits.maxFieldBytes,
        parts: limits.maxFiles + MAX_FIELDS,
      },
    });
  } catch {
    throw new InvalidInput("invalid_form", "the form data could not be read (no multipart boundary)");
  }
  const body = request.body ? Readable.fromWeb(request.body as unknown as NodeReadableStream) : Readable.from([]);
  const fields = new Map<string, string>();
  const uploads: { name: string; bytes: Uint8Array }[] = [];

  return new Promise<UploadForm>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      // stop reading: what the client still sends is discarded by the server, never buffered here
      body.unpipe(parser);
      body.destroy();
      parser.removeAllListeners();
      parser.on("error", () => {});
      reject(error);
    };
    let received = 0;
    body.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.totalBytes)
        fail(new TooLarge("body_too_large", `the request body is larger than ${whole(limits.totalBytes)}`));
    });
    body.on("error", () => fail(new InvalidInput("body_unreadable", "the request body could not be read")));

    parser.on("file", (field, stream, info) => {
      if (field !== "images") {
        stream.resume(); // a file under another name is not ours: skipped, as the form's other parts
        return;
      }
      if (limits.noFiles) return fail(limits.noFiles);
      const name = info.filename || "image";
      const chunks: Buffer[] = [];
      let size = 0;
      let judged = false;
      const judge = (head: Uint8Array) => {
        judged = true;
        if (!sniffImageType(head))
          fail(new ImageRejected(notAnImageMessage(name), "not_an_image", "unsupported_media"));
      };
      stream.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (!judged && size >= SNIFF_BYTES) judge(Buffer.concat(chunks, Math.min(size, 64)));
      });
      stream.on("limit", () =>
        fail(
          new ImageRejected(
            `${name} is larger than ${whole(limits.maxFileBytes)}; images may be at most ${whole(limits.maxFileBytes)}`,
            "image_too_large",
            "too_large",
          ),
        ),
      );
      stream.on("end", () => {
        if (settled) return;
        const bytes = Buffer.concat(chunks, size);
        if (!judged) judge(bytes);
        uploads.push({ name, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) });
      });
    });
    parser.on("field", (field, value, info) => {
      if (field === "images") return fail(new InvalidInput("invalid_image", "images must be files"));
      if (info.valueTruncated || info.nameTruncated)
        return fail(
          field === "prompt"
            ? new TooLarge("prompt_too_long", "the message is longer than this arena accepts")
            : new TooLarge("field_too_large", `the form field '${field.slice(0, 40)}' is too long`),
        );
      try {
        rejectNul(value, field);
      } catch (error) {
        return fail(error as Error);
      }
      fields.set(field, value);
    });
    parser.on("filesLimit", () =>
      fail(
        new ImageRejected(
          `attach at most ${limits.maxFiles} image${limits.maxFiles === 1 ? "" : "s"}`,
          "too_many_images",
          "invalid",
        ),
      ),
    );
    parser.on("fieldsLimit", () => fail(new InvalidInput("invalid_form", "the form has too many fields")));
    parser.on("partsLimit", () => fail(new InvalidInput("invalid_form", "the form has too many parts")));
    parser.on("error", () => fail(new InvalidInput("invalid_form", "the form data could not be read")));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve({ fields, uploads });
    });
    body.pipe(parser);
  });
}

/** The caps of an upload form as this arena is configured. */
export function uploadFormLimits(c = config()): UploadFormLimits {
  return {
    totalBytes: uploadCeiling(c),
    maxFileBytes: c.ARENA_IMAGE_MAX_MB * MB,
    maxFiles: c.ARENA_MAX_IMAGES,
    // a character is at most 4 bytes of UTF-8; the prompt's own limit (in characters) is checked after
    maxFieldBytes: 4 * Math.max(c.ARENA_MAX_PROMPT_CHARS, c.ARENA_MAX_CHAT_PROMPT_CHARS),
  };
}

/** The neighbourhood query's form (/api/neighbourhood): one picture and a question. */
export function neighbourhoodFormLimits(c = config()): UploadFormLimits {
  return {
    totalBytes: neighbourhoodCeiling(c),
    maxFileBytes: c.ARENA_IMAGE_MAX_MB * MB,
    maxFiles: 1,
    maxFieldBytes: 4 * c.ARENA_MAX_PROMPT_CHARS,
  };
}

/**
 * What admission needs to know of an upload before reading it: whether it may hold images (unknown length, or more
 * than a form of text: the classifier will see them) and the bytes it may take (its declared length, else the
 * ceiling).
 */
export function uploadSize(request: Request, c = config()): UploadSize {
  return uploadSizeOf(request.headers.get("content-length"), c);
}

/** uploadSize from the declared length alone (`content-length`, absent for a chunked body). */
export function uploadSizeOf(contentLength: string | null | undefined, c = config()): UploadSize {
  const declared = Number(contentLength ?? Number.NaN);
  const known = Number.isFinite(declared) && declared >= 0;
  return {
    images: !known || declared > 64 * 1024,
    bytes: known ? Math.min(declared, uploadCeiling(c)) : uploadCeiling(c),
  };
}
