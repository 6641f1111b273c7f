// lib/settings: what app/ and components/ may use (deep imports are refused by biome.json).
export { allSettings, databaseNow, SETTINGS, type SettingKey, storeSettingReadFrom, writeSetting } from "./settings";
