// Runs the fake OpenAI-compatible model server by hand, e.g. to point `npm run dev` at it:
//   npm run fake-models -- --port 8001 [--config models.json]
// models.json: { "models": { "fake-a": { "reply": "Hello", "tokenDelayMs": 30 } }, "fallback": {} }
import fs from "node:fs";
import { parseArgs } from "node:util";
import { startFakeModelServer } from "./server";

const { values } = parseArgs({ options: { port: { type: "string", default: "8001" }, config: { type: "string" } } });
const config = values.config ? JSON.parse(fs.readFileSync(values.config, "utf8")) : { fallback: { tokenDelayMs: 20 } };
const server = await startFakeModelServer({ port: Number(values.port), ...config });
console.log(`fake OpenAI-compatible server on ${server.baseURL}`);
