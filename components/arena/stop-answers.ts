// "Stop": ends both answers where they are; the server keeps them as stopped and the battle can still be voted.
import { useState } from "react";
import { useLocale, useT } from "@/components/i18n";
import { postJson } from "./api";
import { friendly } from "./friendly";

/** `streamingId`: the conversation whose answers are streaming now, else null (nothing to stop). */
export function useStopAnswers(streamingId: string | null, setNotice: (notice: string | null) => void) {
  const t = useT();
  const locale = useLocale();
  const [stopping, setStopping] = useState(false);
  async function stop() {
    if (!streamingId || stopping) return;
    setStopping(true);
    try {
      await postJson(`/api/conversations/${streamingId}/stop`, {});
    } catch (error) {
      setNotice(friendly(error, t, locale));
    } finally {
      setStopping(false);
    }
  }
  return { stopping, stop };
}
