import { z } from "zod";
import { GALLERY_SORTS, galleryPage } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { citedJson, handle, readQuery } from "@/lib/http";

export const dynamic = "force-dynamic";

const query = z.object({
  sort: z.enum(GALLERY_SORTS).default("newest"),
  category: z.string().trim().min(1).max(60).optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});

/** The public gallery as JSON: the battles /explore shows, a page at a time. */
export function GET(request: Request) {
  return handle(async () => {
    const db = getDb();
    return citedJson(db, await galleryPage(db, readQuery(request, query)));
  });
}
