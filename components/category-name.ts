// A category's name in the visitor's language (server components): the catalogue's for the categories the arena
// defines, the label itself for the rest (a language category is named by its language).
import { CATEGORY_LABELS, categoryLabel } from "@/lib/categories";
import type { Translate } from "@/lib/i18n/client";

export const categoryName = (name: string, t: Translate): string =>
  name in CATEGORY_LABELS ? t(`categories.${name}`) : categoryLabel(name);
