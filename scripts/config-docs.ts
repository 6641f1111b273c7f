// npm run docs:config: writes the README's configuration table (from lib/config's schema) and its provider
// presets table (from lib/providers/presets.ts).
import fs from "node:fs";
import { withConfigTable } from "../lib/config/docs";
import { withPresetTable } from "../lib/providers/preset-docs";

const readme = fs.readFileSync("README.md", "utf8");
const next = withPresetTable(withConfigTable(readme));
fs.writeFileSync("README.md", next);
console.log(next === readme ? "README.md: generated tables already current" : "README.md: generated tables written");
