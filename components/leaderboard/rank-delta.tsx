"use client";
import { useT } from "@/components/i18n";
// A rank change as an arrow and a number, so it reads without colour: ▲2 gained two places, ▼1 lost one.
export function RankDelta({ value, label }: { value: number | null; label: string }) {
  const t = useT();
  if (value === null) return <span className="text-zinc-400">–</span>;
  if (value === 0)
    return (
      <span className="muted" title={t("board.same", { label })}>
        0
      </span>
    );
  const up = value > 0;
  return (
    <span
      className={up ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}
      title={t(up ? "board.up" : "board.down", { count: Math.abs(value), label })}
    >
      {up ? "▲" : "▼"}
      {Math.abs(value)}
    </span>
  );
}

/** A score's move in points, signed (+152, −12, 0), with what it is against in its title. */
export function ScoreDelta({ value }: { value: number | null }) {
  const t = useT();
  if (value === null) return <span className="text-zinc-400">–</span>;
  const text = value > 0 ? `+${value}` : value < 0 ? `−${Math.abs(value)}` : "0";
  return <span title={t("board.pointsAgainstPlain", { points: text })}>{text}</span>;
}
