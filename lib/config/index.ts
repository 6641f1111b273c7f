// lib/config: reading configuration values.
export { envNumber } from "./env";
