// What the visitor is composing: the prompt, attached files (checked on attach), a preset image, and the reasons
// files were refused.
import { useState } from "react";
import type { UploadLimits, UploadRefusal } from "@/lib/images/client";
import { type Attachment, checkAttachments } from "./attachments";

export interface Preset {
  id: string;
  url: string;
  question: string;
  kind: string;
  /** where a benchmark item comes from and its licence, shown with it */
  credit?: string;
}

/** `onAttach` runs whenever files are offered (the page clears its notice). */
export function useDraft(limits: UploadLimits, onAttach?: () => void) {
  const [prompt, setPrompt] = useState("");
  const [files, setFiles] = useState<Attachment[]>([]);
  const [preset, setPreset] = useState<Preset | null>(null);
  const [refused, setRefused] = useState<UploadRefusal[]>([]);

  return {
    prompt,
    files,
    preset,
    refused,
    setPrompt,
    setRefused,
    /** checks the files as the server will, keeps the good ones and names each refused one */
    async addFiles(list: FileList | File[]) {
      const { accepted, rejected } = await checkAttachments(Array.from(list), files.length + (preset ? 1 : 0), limits);
      setRefused(rejected);
      onAttach?.();
      if (accepted.length) setFiles((current) => [...current, ...accepted]);
    },
    removeFile: (index: number) => setFiles((list) => list.filter((_, k) => k !== index)),
    removePreset: () => setPreset(null),
    /** a preset image with its question, unless the visitor has written one of their own (it is kept) */
    choosePreset(choice: Preset) {
      const ownQuestion = prompt.trim() !== "" && prompt !== preset?.question;
      setPreset(choice);
      setFiles([]);
      setRefused([]);
      if (!ownQuestion) setPrompt(choice.question);
    },
    /** the sent message's images, to show before the server has them */
    previews: () => [...(preset ? [preset.url] : []), ...files.map((f) => f.url)],
    clear() {
      setPrompt("");
      setFiles([]);
      setPreset(null);
      setRefused([]);
    },
  };
}

export type Draft = ReturnType<typeof useDraft>;
