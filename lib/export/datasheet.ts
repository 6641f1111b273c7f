// The datasheet written beside every export (DATASHEET.md): what is in it, what was left out and why, every field,
// privacy and the licence. Its dataset statistics are appended by the export.
import { REACTION_MEANINGS } from "../arena/reaction-names";
import { citationLine, NO_LICENCE } from "../citation";
import { publicationDelayNote } from "../dataset-stats";
import type { ExportFilters, ExportOptions, ExportSummary } from "./export-types";
import { REDACTION_NOTE } from "./redact";

const REACTION_LIST = Object.entries(REACTION_MEANINGS)
  .map(([name, meaning]) => `\`${name}\` (${meaning})`)
  .join(", ");

export function datasheet(summary: ExportSummary, filters: ExportFilters, options: ExportOptions): string {
  const used = [
    filters.from && `from ${filters.from.toISOString()}`,
    filters.to && `before ${filters.to.toISOString()}`,
    filters.anonymousOnly && "anonymous battles only",
    filters.categories?.length && `categories: ${filters.categories.join(", ")}`,
    filters.models?.length && `models: ${filters.models.join(", ")}`,
    filters.minVotes && `models with at least ${filters.minVotes} battles`,
  ].filter(Boolean);
  const asOf = new Date();
  return `# Vision Arena dataset

Exported ${asOf.toISOString()}.

- licence: ${options.licence ?? NO_LICENCE}
- citation: ${citationLine(asOf)}
- as_of: ${asOf.toISOString()}

| | |
| --- | --- |
| battles | ${summary.battles} |
| direct chats | ${summary.chats} |
| models | ${summary.models} |
| images | ${summary.images} |
| votes from | ${summary.from ?? "–"} |
| votes to | ${summary.to ?? "–"} |

Files: ${summary.files.map((f) => `\`${f}\``).join(", ")}${options.images === false ? "" : ", `images/` (named by SHA-256)"}.

## Filters

${used.length ? used.map((f) => `- ${f}`).join("\n") : "- none"}

Always left out: battles between demo models, battles stopped by the content filter, visitors who were banned, and
votes an integrity rule did not count.${publicationDelayNote() ? `\n\n${publicationDelayNote()}` : ""}

## Fields

\`battles\` follows the public clean-battle layout of Chatbot Arena and VisionArena: \`question_id\`, \`model_a\`,
\`model_b\`, \`winner\` (model_a, model_b, tie, tie (bothbad)), \`judge\`, \`conversation_a\` / \`conversation_b\` (OpenAI
message format; images as \`image_url\` parts pointing into \`images/\`), \`turn\`, \`anony\`, \`language\`, \`tstamp\`
(Unix seconds of the vote), \`conv_metadata\` (answer tokens and markdown header, list and bold counts per side; for
reasoning models also \`reasoning_tokens_a/b\` and \`thinking_ms_a/b\`, the thinking itself never exported; and
\`entity_count_a\`/\`entity_count_b\`: named entities, VisionArena's specificity, once counted),
\`category_tag\` (labels per labeller and version), \`dedup_tag\` ({high_freq, sampled}: prompts above the 99.99th
frequency percentile down-sampled), \`is_preset\`, \`preset_id\`, \`input_modality\` (\`image\`, \`text\`, or \`image+text\`: an image with a text representation of it), \`images\` (SHA-256 of every image),
\`stopped\` (true when the visitor pressed Stop while an answer was written: the vote judged what was shown),
\`answer_versions\` (after Regenerate: which version of each answer was on screen at the vote, of how many, e.g.
\`{"a": {"shown": 1, "of": 2}, "b": {"shown": 1, "of": 1}}\`; the conversations hold that version; null otherwise).
\`reactions\` (optional, given only after the vote: what the visitor said went wrong in each side's answer, by side,
e.g. \`{"b": {"reason": "wrong_count"}}\`; null when nothing was said). The reasons: ${REACTION_LIST}.
A reaction is one tap, never required, so most battles have none and those that have one are a self-selected sample.
\`model_swaps\` (a side whose drawn model failed or timed out before its first token on the first turn and was
replaced once by another model drawn by the same rules, e.g. \`[{"side": "a", "from": "m1", "to": "m2", "reason":
"provider_timeout"}]\`; \`model_a\`/\`model_b\` name the models that answered; null when nothing was swapped). Drop
or weight these battles when studying the sampler: the pair shown is not the pair drawn.
\`cohort\` (a class's or a lab's tag, \`?c=<name>\`, on the battles and chats of its sessions): such battles and
chats are left out of an export unless it asks for them (\`--cohorts\`, \`cohorts=1\`), so the column is null otherwise.
\`pair_policy\` and \`pair_probability\` (how the battle's pair was drawn, \`uniform\` or \`adaptive\`, and the
probability of drawing that unordered pair at that moment): the adaptive draw gives new, close and under-covered pairs
more battles, so a per-pair win rate or a fit that must read the votes as a uniform sample weights each battle by
\`1 / pair_probability\`; the Bradley–Terry fit itself needs no weights (the draw depends only on earlier votes). Null
when the visitor chose a model to battle, or for battles recorded before the draw was.
\`chats\` holds direct conversations with one model in the same message format.

## Privacy

No IP addresses and no visitor ids: \`judge\` is a salted hash of the visitor, with a salt ${options.salt ? "given by the exporter (hashes match other exports with the same salt)" : "drawn for this export (hashes differ between exports)"}.
${options.redact ? REDACTION_NOTE : "Text is as the visitors wrote it."}
${summary.blurred ? `Faces were blurred in the images (Human's BlazeFace detector, run locally, confidence 0.5 or more, a fifth of the box as margin): ${summary.blurred.faces} faces in ${summary.blurred.images} of ${summary.images} images.` : "Faces in the images were not blurred."}

## Licence

${options.licence ?? "No licence was set by the administrators; ask them before redistributing."}
`;
}
