// A board's method in a few words, in the visitor's language: "sandwich intervals, reweighted pairs".
import type { Translate } from "@/lib/i18n/client";

export function methodLabel(method: { ci: string; reweighted: boolean }, t: Translate): string {
  const ci = method.ci === "sandwich" || method.ci === "bootstrap" ? t(`method.${method.ci}`) : method.ci;
  return method.reweighted ? t("method.labelReweighted", { ci }) : t("method.label", { ci });
}
