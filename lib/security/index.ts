// lib/security: the server secret, HMACs, salted IP hashes and signed values.
export { hashIp, hmac, serverSecret, signValue, verifySigned } from "./secret";
