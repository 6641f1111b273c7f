import { describe, expect, it } from "vitest";
import { checkReachable, DatabaseUnreachableError, describeDatabaseUrl } from "./connection";

describe("describeDatabaseUrl", () => {
  it("names host, port and database without the credentials", () => {
    expect(describeDatabaseUrl("postgresql://user:s3cret@db.example.com:6543/arena?sslmode=require")).toBe(
      "db.example.com:6543/arena",
    );
    expect(describeDatabaseUrl("postgres://u@localhost/x")).toBe("localhost:5432/x");
  });

  it("says so when the URL cannot be parsed", () => {
    expect(describeDatabaseUrl("not a url")).toBe("(unparseable DATABASE_URL)");
  });
});

describe("checkReachable", () => {
  it("rejects a malformed URL with a one-line message", async () => {
    await expect(checkReachable("nonsense")).rejects.toThrow(
      new DatabaseUnreachableError("DATABASE_URL", "it is not a valid postgresql:// URL"),
    );
  });

  it("explains a refused connection in one line", async () => {
    const error = await checkReachable("postgresql://u:p@127.0.0.1:1/db").catch((e: Error) => e);
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    expect((error as Error).message).toBe(
      "cannot reach PostgreSQL at 127.0.0.1:1/db: connection refused (is the server running and listening on that port?)",
    );
  });
});
