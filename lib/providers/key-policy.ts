// Which environment variable may hold a provider's key, and where that key may be sent. An admin edits providers
// in the console, but the server's environment holds more than provider keys (DATABASE_URL, the admin password,
// the S3 secret): a key variable must look like one (a name ending in _KEY that is not one of the arena's own
// variables, or one the operator listed), and its value goes only to an address the operator configured (the
// models file, ARENA_PROVIDER_ORIGINS, an official endpoint (./presets.ts), or this machine). Anything else is sent without it.
import { type Config, config } from "../config";
import { loadModelsConfig } from "./config";
import { KEY_VARIABLE_RULE, keyVariableAllowed } from "./key-names";
import { PRESET_ORIGINS } from "./presets";
import type { ModelTarget } from "./types";

export { KEY_VARIABLE_RULE, keyVariableAllowed };

/** Where the AI SDK sends requests for a provider type with no base URL. */
const OFFICIAL_ORIGINS: Partial<Record<ModelTarget["providerType"], string>> = {
  anthropic: "https://api.anthropic.com",
  google: "https://generativelanguage.googleapis.com",
};

const LOOPBACK = /^(127(?:\.\d{1,3}){3}|\[::1\]|localhost)$/;

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const trustedCache = new WeakMap<Config, Set<string>>();

/** Origins the operator configured: the models file's base URLs and ARENA_PROVIDER_ORIGINS. */
function trustedOrigins(c: Config): Set<string> {
  let trusted = trustedCache.get(c);
  if (!trusted) {
    trusted = new Set((c.ARENA_PROVIDER_ORIGINS as string[]).map(originOf).filter((o): o is string => o !== null));
    try {
      for (const provider of Object.values(loadModelsConfig(c).config.providers)) {
        const origin = provider.baseURL ? originOf(provider.baseURL) : null;
        if (origin) trusted.add(origin);
      }
    } catch {
      // an unreadable models file stops start-up elsewhere; here it only trusts nothing from it
    }
    trustedCache.set(c, trusted);
  }
  return trusted;
}

/** Whether a key may travel to this provider's address (see the file's comment). */
export function destinationTrusted(
  providerType: ModelTarget["providerType"],
  baseURL: string | null,
  c: Config = config(),
): boolean {
  const origin = baseURL ? originOf(baseURL) : (OFFICIAL_ORIGINS[providerType] ?? null);
  if (!origin) return false;
  if (origin === OFFICIAL_ORIGINS[providerType] || PRESET_ORIGINS.has(origin)) return true;
  if (LOOPBACK.test(new URL(origin).hostname)) return true;
  return trustedOrigins(c).has(origin);
}

/** The key to send with a request to this target, or undefined when there is none or it may not go there. */
export function providerKey(target: Pick<ModelTarget, "apiKeyEnv" | "baseURL" | "providerType">): string | undefined {
  const name = target.apiKeyEnv;
  if (!name || !keyVariableAllowed(name) || !destinationTrusted(target.providerType, target.baseURL)) return undefined;
  return process.env[name] || undefined;
}

/** Why a provider's key will not be sent, for the console; null when it will be (or none is named). */
export function keyRefusal(target: Pick<ModelTarget, "apiKeyEnv" | "baseURL" | "providerType">): string | null {
  const name = target.apiKeyEnv;
  if (!name) return null;
  if (!keyVariableAllowed(name)) return `${name} cannot hold a provider key: ${KEY_VARIABLE_RULE}`;
  if (!destinationTrusted(target.providerType, target.baseURL)) {
    return `the key in ${name} is sent only to addresses the models file or ARENA_PROVIDER_ORIGINS names, and ${target.baseURL ?? "this address"} is not one`;
  }
  return null;
}
