// npm run docs:config: writes the README's configuration table from lib/config's schema.
import fs from "node:fs";
import { withConfigTable } from "../lib/config/docs";

const readme = fs.readFileSync("README.md", "utf8");
const next = withConfigTable(readme);
fs.writeFileSync("README.md", next);
console.log(
  next === readme ? "README.md: configuration table already current" : "README.md: configuration table written",
);
