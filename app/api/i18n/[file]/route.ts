import { errorResponse } from "@/lib/http";
import { CATALOGUE_VERSION, catalogueScript, isLocale } from "@/lib/i18n";

// A language's message catalogue for the browser's client components (GET /api/i18n/fr.js?v=…): its address
// carries the catalogues' version, so it is cached for good.
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const locale = (await params).file.replace(/\.js$/, "");
  if (!isLocale(locale)) return errorResponse(404, "not_found", "no catalogue for that language");
  const current = new URL(request.url).searchParams.get("v") === CATALOGUE_VERSION;
  return new Response(catalogueScript(locale), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      // an old version's address gets today's catalogue, not kept
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
