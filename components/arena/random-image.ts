// "Random image": one picture from the bank of presets, chosen in the browser.
import { useState } from "react";
import { useT } from "@/components/i18n";
import { call } from "./api";
import type { Preset } from "./draft";

export function useRandomImage(choose: (preset: Preset) => void, setNotice: (notice: string | null) => void) {
  const t = useT();
  const [loadingPreset, setLoadingPreset] = useState(false);
  async function randomImage() {
    setLoadingPreset(true);
    try {
      const bank = await call<Preset[]>("/api/presets");
      const choice = bank[Math.floor(Math.random() * bank.length)];
      if (choice) choose(choice);
    } catch {
      setNotice(t("composer.noPreset"));
    } finally {
      setLoadingPreset(false);
    }
  }
  return { loadingPreset, randomImage };
}
