// The names a provider's key variable may have (lib/providers/key-policy.ts says why).
import { type Config, config, VARIABLE_NAMES } from "../config";

const KEY_NAME = /^[A-Z][A-Z0-9_]*_KEY$/;

export const KEY_VARIABLE_RULE =
  "a key variable's name must end in _KEY (and not be one of the arena's own variables) or be listed in ARENA_PROVIDER_KEY_VARIABLES";

export function keyVariableAllowed(name: string, c: Config = config()): boolean {
  if (c.ARENA_PROVIDER_KEY_VARIABLES.includes(name)) return true;
  return KEY_NAME.test(name) && !(VARIABLE_NAMES as string[]).includes(name);
}
