// What the browser may import from lib/providers: types and plain data, nothing that reaches a server or a key.
export type { ParamRules } from "./param-rules";
export { PROVIDER_PRESETS, type ProviderPreset } from "./presets";
