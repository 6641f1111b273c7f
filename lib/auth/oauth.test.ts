import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { oauthProviders } from "./oauth";

describe("OAuth sign-ins", () => {
  it("switch on only with both the client id and the secret", () => {
    expect(oauthProviders(parseConfig({}))).toEqual([]);
    expect(oauthProviders(parseConfig({ AUTH_GITHUB_ID: "id" }))).toEqual([]);
    expect(oauthProviders(parseConfig({ AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "s" })).map((p) => p.id)).toEqual([
      "github",
    ]);
    expect(
      oauthProviders(
        parseConfig({
          AUTH_GITHUB_ID: "i",
          AUTH_GITHUB_SECRET: "s",
          AUTH_GOOGLE_ID: "i",
          AUTH_GOOGLE_SECRET: "s",
        }),
      ).map((p) => p.name),
    ).toEqual(["GitHub", "Google"]);
  });
});
