import { acceptTerms, visitorStatus } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { handle, ipHashFrom, visitorCookie, visitorIdFrom } from "@/lib/http";

export const dynamic = "force-dynamic";

export function GET(request: Request) {
  return handle(async () => Response.json(await visitorStatus(getDb(), visitorIdFrom(request))));
}

/** Accepting the terms of use: creates the anonymous visitor and its signed cookie. */
export function POST(request: Request) {
  return handle(async () => {
    const visitor = await acceptTerms(getDb(), visitorIdFrom(request), ipHashFrom(request));
    return Response.json(
      { termsAccepted: true, termsVersion: visitor.termsVersion },
      { headers: { "Set-Cookie": visitorCookie(visitor.id, request) } },
    );
  });
}
