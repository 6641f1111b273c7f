// Checks attached files in the browser the moment they are chosen, by their content, with the server's rules and
// words, so a bad file is named at once instead of after Send. The server checks again: it stays the authority.
import { screenAttachments, tooManyPixelsRefusal, type UploadLimits, type UploadRefusal } from "@/lib/images/client";

export const DEFAULT_LIMITS: UploadLimits = { maxBytes: 15 * 1048576, maxImagesPerTurn: 4, maxPixels: 50_000_000 };

export interface Attachment {
  file: File;
  url: string;
}

/** Decodes the image to learn its size; null when the browser cannot read it (damaged or disguised). */
async function dimensions(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== "function") return { width: 0, height: 0 };
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

export async function checkAttachments(
  incoming: File[],
  alreadyAttached: number,
  limits: UploadLimits,
): Promise<{ accepted: Attachment[]; rejected: UploadRefusal[] }> {
  const candidates = await Promise.all(
    incoming.map(async (file) => ({
      file,
      name: file.name || "",
      size: file.size,
      head: new Uint8Array(await file.slice(0, 16).arrayBuffer()),
    })),
  );
  const screened = screenAttachments(candidates, alreadyAttached, limits);
  const rejected = screened.rejected.map((r) => r.refusal);
  const accepted: Attachment[] = [];
  for (const candidate of screened.accepted) {
    const size = await dimensions(candidate.file);
    if (!size) rejected.push({ code: "image_unreadable", values: { name: candidate.name } });
    else if (size.width * size.height > limits.maxPixels)
      rejected.push(tooManyPixelsRefusal(candidate.name, size.width * size.height, limits.maxPixels));
    else accepted.push({ file: candidate.file, url: URL.createObjectURL(candidate.file) });
  }
  return { accepted, rejected };
}
