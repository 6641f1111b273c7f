import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { LikeButton } from "@/components/gallery/like-button";
import { EmptyPanel, Page } from "@/components/page-heading";
import { StoredImage } from "@/components/stored-image";
import { GALLERY_SORTS, type GallerySort, galleryPage } from "@/lib/arena";
import { CATEGORY_LABELS, LEADERBOARD_TAGS, localCategoryLabel } from "@/lib/categories";
import { getDb } from "@/lib/db";
import type { QueryProps } from "@/lib/http";
import { serverTranslator } from "@/lib/i18n/session";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const { t } = await serverTranslator();
  return { title: t("titles.explore"), description: t("titles.exploreDescription") };
}

const SORT_LABELS: Record<GallerySort, string> = { newest: "explore.newest", liked: "explore.liked" };
const VERDICTS = {
  model_a: "explore.aWon",
  model_b: "explore.bWon",
  tie: "explore.tie",
  "tie (bothbad)": "explore.bothBad",
} as const;

const excerpt = (text: string, length = 140) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

// The public gallery: battles their visitors shared, newest or most liked, by category; each opens its share page.
export default async function ExplorePage({ searchParams }: QueryProps) {
  const query = await searchParams;
  const sort: GallerySort = (GALLERY_SORTS as readonly string[]).includes(query.sort ?? "")
    ? (query.sort as GallerySort)
    : "newest";
  const category = query.category && LEADERBOARD_TAGS.has(query.category) ? query.category : undefined;
  const page = Math.max(0, Math.min(10_000, Number.parseInt(query.page ?? "0", 10) || 0));
  const { items, more } = await galleryPage(getDb(), { sort, category, page });
  const { t } = await serverTranslator();
  const href = (change: { sort?: GallerySort; category?: string | null; page?: number }) => {
    const next = new URLSearchParams();
    const s = change.sort ?? sort;
    const c = change.category === null ? undefined : (change.category ?? category);
    if (s !== "newest") next.set("sort", s);
    if (c) next.set("category", c);
    if (change.page) next.set("page", String(change.page));
    const q = next.toString();
    return q ? `/explore?${q}` : "/explore";
  };
  const categories = [...LEADERBOARD_TAGS].filter((c) => CATEGORY_LABELS[c]);
  return (
    <Page title={t("explore.title")} intro={t("explore.intro")}>
      <nav aria-label={t("explore.order")} className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="flex gap-3">
          {GALLERY_SORTS.map((s) => (
            <FilterLink key={s} href={href({ sort: s, page: 0 })} current={s === sort}>
              {t(SORT_LABELS[s])}
            </FilterLink>
          ))}
        </span>
        <span className="flex flex-wrap gap-2">
          <FilterLink href={href({ category: null, page: 0 })} current={!category}>
            {t("explore.all")}
          </FilterLink>
          {categories.map((c) => (
            <FilterLink key={c} href={href({ category: c, page: 0 })} current={c === category}>
              {localCategoryLabel(c, t)}
            </FilterLink>
          ))}
        </span>
      </nav>
      {items.length === 0 ? (
        <EmptyPanel testId="gallery-empty" action={{ href: "/", label: t("explore.start") }}>
          {category ? t("explore.emptyCategory") : t("explore.empty")}
        </EmptyPanel>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="gallery">
          {items.map((item) => (
            <li
              key={item.id}
              data-battle={item.id}
              className="flex flex-col gap-2 rounded-xl border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <Link href={`/share/${item.id}`} className="space-y-2">
                {item.image ? (
                  <StoredImage
                    hash={item.image}
                    className="h-40 w-full rounded-md bg-zinc-100 object-contain dark:bg-zinc-800"
                  />
                ) : null}
                <span className="block text-sm font-medium">{excerpt(item.prompt)}</span>
              </Link>
              <p className="text-xs muted">
                {item.models.a} vs {item.models.b} · {t(VERDICTS[item.winner])}
                {item.isDemo ? ` · ${t("explore.demo")}` : ""}
              </p>
              <div className="mt-auto flex flex-wrap items-center gap-2">
                {item.categories
                  .filter((c) => LEADERBOARD_TAGS.has(c))
                  .map((c) => (
                    <span key={c} className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs dark:bg-zinc-800">
                      {localCategoryLabel(c, t)}
                    </span>
                  ))}
                <span className="ml-auto">
                  <LikeButton id={item.id} likes={item.likes} />
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <nav aria-label={t("explore.pages")} className="flex gap-4 text-sm">
        {page > 0 ? (
          <Link href={href({ page: page - 1 })} className="underline">
            {t("explore.previous")}
          </Link>
        ) : null}
        {more ? (
          <Link href={href({ page: page + 1 })} className="underline">
            {t("explore.next")}
          </Link>
        ) : null}
      </nav>
    </Page>
  );
}

/** One choice of the gallery's order or category: bold and marked current when chosen, a link otherwise. */
function FilterLink({ href, current, children }: { href: string; current: boolean; children: ReactNode }) {
  return (
    <Link href={href} aria-current={current ? "page" : undefined} className={current ? "font-semibold" : "underline"}>
      {children}
    </Link>
  );
}
