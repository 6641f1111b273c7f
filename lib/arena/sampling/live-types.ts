// Names shared by the live draw and the board state.
export type { Candidate } from "./fastchat";
export type { PairingPolicy } from "./policy";

/**
 * The image types the draw stratifies by, as the categories name them (the rules labeller reads them from the
 * prompt before any answer): documents and screenshots are read (ocr), charts and diagrams are diagram, photos are
 * captioned or have their entities named. The first that applies is the battle's stratum.
 */
export const IMAGE_STRATA_ORDER = ["ocr", "diagram", "entity_recognition", "captioning"] as const;
