// lib/http: what app/ and components/ may use (deep imports are refused by biome.json).

export { readAdmittedUpload } from "./admitted-upload";
export { authErrorShape } from "./auth-errors";
export { searchParams } from "./body";
export { citedJson } from "./cited";
export { errorResponse } from "./errors";
export { uploadCeiling } from "./front-door.mjs";
export { pageParam, type QueryProps } from "./params";
export { handle, readJson, readQuery } from "./route";
export {
  neighbourhoodFormLimits,
  readUploadForm,
  type UploadForm,
  uploadFormLimits,
  uploadSize,
} from "./upload-form";
export {
  expiredVisitorCookie,
  ipHashFrom,
  requireVisitorId,
  stampedOrigin,
  VISITOR_COOKIE,
  visitorCookie,
  visitorIdFrom,
  visitorIdFromCookie,
} from "./visitor";
export { visitorRoute } from "./visitor-route";
