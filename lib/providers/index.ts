export { type AnswerStream, languageModel, providerErrorFrom, streamChat, toModelMessages } from "./adapters";
export { DEMO_CONFIG, loadModelsConfig, type ModelsConfig, ModelsConfigError, parseModelsConfig } from "./config";
export { destinationTrusted, KEY_VARIABLE_RULE, keyRefusal, keyVariableAllowed, providerKey } from "./key-policy";
export { WithheldAnswer } from "./openai-stream";
export { type ParamRules, paramRulesSchema } from "./param-rules";
export { ensureRegistry, pickableModels, rememberParamRules, syncRegistry } from "./registry";
export { ThoughtCollector } from "./thinking";
export * from "./types";
