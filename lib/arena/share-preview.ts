// What a shared battle's link preview (its Open Graph image) shows: the verdict, the two models, the question and
// the picture. Only voted, unflagged battles are shared (conversationView with share access refuses the rest).
import type { Db } from "../db/context";
import { loadImage, previewPng } from "../images";
import { conversationView } from "./views";

export interface SharePreview {
  /** the vote's winner field, or null before the vote (the card words it in the reader's language) */
  winner: "model_a" | "model_b" | "tie" | "tie (bothbad)" | null;
  /** display names; null where a side is hidden */
  models: { a: string | null; b: string | null };
  prompt: string;
  /** the battle's first image as a PNG data URL, or null */
  image: string | null;
}

export async function sharePreview(db: Db, id: string): Promise<SharePreview> {
  const view = await conversationView(db, id, { share: true });
  const question = view.sides.a?.messages.find((m) => m.role === "user");
  const sha = question?.images[0];
  const stored = sha ? await loadImage(db.prisma, sha) : null;
  const png = stored ? await previewPng(stored.data, 520).catch(() => null) : null;
  const name = (side: "a" | "b") => view.sides[side]?.model?.displayName ?? null;
  return {
    winner: view.vote?.winner ?? null,
    models: { a: name("a"), b: name("b") },
    prompt: question?.content ?? "",
    image: png ? `data:image/png;base64,${png.toString("base64")}` : null,
  };
}
