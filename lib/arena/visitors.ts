import type { Db } from "../db/context";
import { imageLimits } from "../images";
import { arenaSettings } from "./settings";

/** Records that a visitor accepted the terms, creating the visitor when new. */
export async function acceptTerms({ prisma }: Db, visitorId: string | null, ipHash: string | null) {
  const data = {
    termsAcceptedAt: new Date(),
    termsVersion: arenaSettings().termsVersion,
    ipHash,
    lastSeenAt: new Date(),
  };
  if (visitorId) {
    const existing = await prisma.visitor.findUnique({ where: { id: visitorId } });
    if (existing) return prisma.visitor.update({ where: { id: visitorId }, data });
  }
  return prisma.visitor.create({ data });
}

export async function visitorStatus({ prisma }: Db, visitorId: string | null) {
  const visitor = visitorId ? await prisma.visitor.findUnique({ where: { id: visitorId } }) : null;
  const { maxBytes, maxImagesPerTurn, maxPixels } = imageLimits();
  return {
    termsAccepted: Boolean(visitor?.termsAcceptedAt),
    banned: Boolean(visitor?.bannedAt),
    // the browser checks attachments against these at once; the server checks again on upload
    limits: { maxBytes, maxImagesPerTurn, maxPixels },
  };
}
