"use client";
// A moment in the reader's own time zone, in the site's language ("24 Nov 2026, 23:02", "24 nov. 2026, 23:02"): not
// the browser's own language, which left every date English on the French, Spanish and Chinese pages. The server
// cannot know the zone, so it renders UTC and the browser rewrites it after hydration.
import { useEffect, useState } from "react";
import { useLocale } from "@/components/i18n";

const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

export function LocalTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  const locale = useLocale();
  const [text, setText] = useState(utc(date));
  useEffect(() => {
    setText(new Date(iso).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" }));
  }, [iso, locale]);
  return <time dateTime={iso}>{text}</time>;
}
