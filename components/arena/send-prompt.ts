// What the composer's Send asks of the server: the first turn opens the conversation (a form: the prompt, the
// images or the preset, the mode and its chosen models, a battle's chosen opponent, the cohort), a follow-up adds a
// turn (a form when it brings images, else JSON). The answers are streamed afterwards (streamTurn).
import { call, postJson } from "./api";
import type { Attachment } from "./attachments";
import type { Mode } from "./battle-state";
import type { Preset } from "./draft";

export interface Opening {
  mode: Mode;
  prompt: string;
  files: Attachment[];
  preset: Preset | null;
  /** the model a battle is asked against (?with=), if any */
  withModel: string | null;
  cohort: string | null;
  /** the models the visitor chose in side-by-side and direct modes */
  picked: { a: string; b: string };
}

/** Opens the conversation; its id. */
export async function openConversation(opening: Opening): Promise<string> {
  const form = new FormData();
  form.set("mode", opening.mode);
  form.set("prompt", opening.prompt);
  for (const f of opening.files) form.append("images", f.file, f.file.name);
  if (opening.preset) form.set("presetId", opening.preset.id);
  if (opening.mode === "battle" && opening.withModel) form.set("withModel", opening.withModel);
  if (opening.cohort) form.set("cohort", opening.cohort);
  if (opening.mode !== "battle") {
    form.set("modelA", opening.picked.a);
    if (opening.mode === "side_by_side") form.set("modelB", opening.picked.b);
  }
  return (await call<{ id: string }>("/api/conversations", { method: "POST", body: form })).id;
}

/** Adds a follow-up turn; both models receive its images with the question. */
export async function askFollowUp(conversationId: string, prompt: string, files: Attachment[]): Promise<void> {
  const url = `/api/conversations/${conversationId}/messages`;
  if (files.length === 0) {
    await postJson(url, { prompt });
    return;
  }
  const form = new FormData();
  form.set("prompt", prompt);
  for (const f of files) form.append("images", f.file, f.file.name);
  await call(url, { method: "POST", body: form });
}
