import { notFound } from "next/navigation";
import { ImageResponse } from "next/og";
import { sharePreview } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { serverTranslator } from "@/lib/i18n/session";

export const alt = "A Vision Arena battle: two models answered a question about an image";

const VERDICT_KEYS = {
  model_a: "vote.aBetter",
  model_b: "vote.bBetter",
  tie: "vote.tie",
  "tie (bothbad)": "vote.bothBad",
} as const;
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The card social sites show for a shared battle: picture on the left, question, models and verdict on the right. */
export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [preview, { t }] = await Promise.all([sharePreview(getDb(), id).catch(() => null), serverTranslator()]);
  if (!preview) notFound();
  const verdict = preview.winner ? t(VERDICT_KEYS[preview.winner]) : t("share.notVoted");
  const model = (name: string | null) => clip(name ?? t("share.hidden"), 40);
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        background: "linear-gradient(135deg, #eef0ff 0%, #ffffff 60%, #fdf0ff 100%)",
        padding: 48,
        gap: 40,
        fontSize: 28,
        color: "#18181b",
      }}
    >
      {preview.image && (
        <div style={{ display: "flex", alignItems: "center", justifyContent: "center", width: 520 }}>
          {/* biome-ignore lint/performance/noImgElement: satori draws plain <img> */}
          <img src={preview.image} alt="" style={{ maxWidth: 520, maxHeight: 534, borderRadius: 16 }} />
        </div>
      )}
      <div style={{ display: "flex", flexDirection: "column", flex: 1, justifyContent: "space-between" }}>
        <div style={{ display: "flex", fontSize: 30, fontWeight: 700, color: "#3b4cca" }}>Vision Arena</div>
        <div style={{ display: "flex", fontSize: 40, fontWeight: 700, lineHeight: 1.25 }}>
          “{clip(preview.prompt, 140)}”
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 10 }}>
          <div style={{ display: "flex" }}>A: {model(preview.models.a)}</div>
          <div style={{ display: "flex" }}>B: {model(preview.models.b)}</div>
          <div style={{ display: "flex", marginTop: 12, fontWeight: 700, color: "#047857" }}>
            {t("share.verdict")} {verdict}
          </div>
        </div>
      </div>
    </div>,
    size,
  );
}
