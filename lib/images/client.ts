// The part of lib/images a browser bundle may carry: the upload rules, with no Node imports (sharp stays out).
export {
  ACCEPTED_TYPES,
  type ImageType,
  notAnImageMessage,
  screenAttachments,
  sniffImageType,
  tooLargeMessage,
  tooManyImagesMessage,
  tooManyPixelsMessage,
  tooManyPixelsRefusal,
  type UploadLimits,
  type UploadRefusal,
} from "./rules";
