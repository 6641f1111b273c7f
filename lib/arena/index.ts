export { type Admission, admitUpload, refusalNow, type UploadSize } from "./admission";
export type { Upload } from "./attachments";
export { continueWithPair } from "./continue";
export { addFollowUp, openConversation, preflightFollowUp, preflightOpening } from "./conversations";
export type { AnswerSide } from "./events";
export {
  GALLERY_SORTS,
  type GalleryItem,
  type GallerySort,
  galleryPage,
  likeGalleryBattle,
  showInGallery,
  withdrawFromGallery,
} from "./gallery";
export { PERSONAL_PRIOR, type PersonalBoard, type PersonalRow, personalBoard, shrunkWinRate } from "./personal-board";
export { type OfferedPreset, offeredPresets, presetBank, presetCredit } from "./presets";
export {
  REACTION_MEANINGS,
  REACTION_NOTE_CHARS,
  type ReactionCounts,
  reactionCounts,
  reactionInput,
  reactToAnswer,
  type StoredReaction,
  VISION_REACTIONS,
  type VisionReaction,
} from "./reactions";
export { REPORT_REASONS, reportAnswer, reportInput } from "./reports";
export { type SharePreview, sharePreview } from "./share-preview";
export { requestStop } from "./stops";
export { prepareTurn, streamTurn, type TurnEvent } from "./turns";
export { type ConversationView, conversationView } from "./views";
export { type HistoryItem, visitorHistory } from "./visitor-history";
export { acceptTerms, visitorStatus } from "./visitors";
export { castVote, type RatedModel, type VoteResult, withRatings } from "./votes";
