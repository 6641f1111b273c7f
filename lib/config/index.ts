// lib/config: the one place the environment is read (schema.mjs, shared with the front door).
import { type configSchema, config as parsed } from "./schema.mjs";

export { ConfigError, configSchema, configuredOrigin, namedSecret, parseConfig, VARIABLE_NAMES } from "./schema.mjs";

export type Config = ReturnType<typeof configSchema.parse>;

/** This process's configuration (parsed once per distinct environment; a ConfigError names a bad variable). */
export const config = (): Config => parsed();
