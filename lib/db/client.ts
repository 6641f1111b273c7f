import { PrismaPg } from "@prisma/adapter-pg";
import { config } from "../config";
import { PrismaClient } from "../generated/prisma/client";
import { BACKGROUND_WAITS, clientSettings, type DbWaits, webWaits } from "./waits";

// One client per process; Next.js dev reloads modules, so the instance is kept on globalThis.
const globalForPrisma = globalThis as unknown as { arenaPrisma?: PrismaClient };

export function createPrisma(connectionString: string, waits: DbWaits = BACKGROUND_WAITS): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, ...clientSettings(waits) }) });
}

export function getPrisma(): PrismaClient {
  if (!globalForPrisma.arenaPrisma) {
    const url = config().DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set: start the app with `npm run dev` or `npm start`");
    globalForPrisma.arenaPrisma = createPrisma(url, webWaits());
  }
  return globalForPrisma.arenaPrisma;
}
