// lib/citation: the licence, citation line and as-of date every public answer and data file carries.
export { type Citation, citationComment, citationFor, citationLine, cited, NO_LICENCE } from "./citation";
