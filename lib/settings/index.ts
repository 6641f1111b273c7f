// lib/settings: what app/ and components/ may use (deep imports are refused by biome.json).
export { allSettings, SETTINGS, type SettingKey, storeSetting, writeSetting } from "./settings";
