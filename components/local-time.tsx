"use client";
// A moment in the reader's own time zone and words ("24 Nov 2026, 23:02"). The server cannot know the zone, so
// it renders UTC and the browser rewrites it after hydration.
import { useEffect, useState } from "react";

const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

export function LocalTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  const [text, setText] = useState(utc(date));
  useEffect(() => {
    setText(new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }));
  }, [iso]);
  return <time dateTime={iso}>{text}</time>;
}
