// A request that waits too long for a database connection is told the database is busy (503 and Retry-After),
// never a 500: Prisma's P2028 "Unable to start a transaction in the given time", which the app met when an
// overload left every pooled connection taken (bench:arena under a profiler, opening battles).
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { isDatabaseUnavailable } from "../../lib/db";
import { PrismaClient } from "../../lib/generated/prisma/client";
import { errorToResponse } from "../../lib/http/route";

let prisma: PrismaClient;
beforeAll(() => {
  // one connection, so a transaction that holds it leaves the next one nothing to start on
  prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: inject("databaseUrl"), max: 1 }) });
});
afterAll(() => prisma.$disconnect());

it("answers a transaction that found no connection in time with 503 and Retry-After", async () => {
  let holding = () => {};
  const held = new Promise<void>((resolve) => {
    holding = resolve;
  });
  // the only connection, taken for half a second: the next transaction starts after its 200 ms
  const holder = prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1`;
    holding();
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
  await held;
  const error = await prisma.$transaction((tx) => tx.$queryRaw`SELECT 1`, { maxWait: 200 }).catch((e: unknown) => e);
  await holder;
  expect(error).toMatchObject({ code: "P2028" });
  expect((error as Error).message).toContain("Unable to start a transaction in the given time");
  expect(isDatabaseUnavailable(error)).toBe(true);
  const response = errorToResponse(error);
  expect(response.status).toBe(503);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  // the connection is whole again afterwards
  expect(await prisma.$queryRaw`SELECT 1 AS one`).toEqual([{ one: 1 }]);
});
