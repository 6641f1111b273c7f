"use client";
// Light, dark or as the system says. The choice is kept in localStorage and applied before the first paint by
// THEME_SCRIPT in the root layout, so a dark page never flashes white.
import { useEffect, useState } from "react";
import { useT } from "./i18n";

type Theme = "system" | "light" | "dark";
const NEXT: Record<Theme, Theme> = { system: "dark", dark: "light", light: "system" };

const ICON: Record<Theme, string> = { system: "◐", dark: "☾", light: "☀" };

export const THEME_KEY = "arena-theme";

/** Runs inline in <head>: resolves the stored choice (or the system's) to data-theme on <html>. */
export const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem("${THEME_KEY}");var m=window.matchMedia("(prefers-color-scheme: dark)");var apply=function(){var c=localStorage.getItem("${THEME_KEY}")||"system";document.documentElement.dataset.theme=c==="system"?(m.matches?"dark":"light"):c;};apply();m.addEventListener("change",apply);}catch(e){}})();`;

export function ThemeSwitch() {
  const t = useT();
  const [theme, setTheme] = useState<Theme>("system");
  const label = t(`theme.${theme}`);
  useEffect(() => {
    const stored = localStorage.getItem(THEME_KEY);
    if (stored === "light" || stored === "dark") setTheme(stored);
  }, []);
  function choose() {
    const next = NEXT[theme];
    setTheme(next);
    localStorage.setItem(THEME_KEY, next);
    const dark = next === "dark" || (next === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.dataset.theme = dark ? "dark" : "light";
  }
  return (
    <button
      type="button"
      onClick={choose}
      aria-label={t("theme.change", { theme: label })}
      title={label}
      className="rounded-md border border-zinc-300 px-2 py-0.5 text-sm dark:border-zinc-700"
    >
      <span aria-hidden>{ICON[theme]}</span>
    </button>
  );
}
