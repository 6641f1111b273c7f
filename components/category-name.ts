// A category's name in the visitor's language (lib/categories' localCategoryLabel, under its page-side name).
import { localCategoryLabel } from "@/lib/categories";
import type { Translate } from "@/lib/i18n/client";

export const categoryName = (name: string, t: Translate): string => localCategoryLabel(name, t);
