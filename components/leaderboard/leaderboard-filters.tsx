"use client";
// Above the leaderboard table: search by name, filter by organisation and licence (not on a phone: the filters would
// push the board below the fold), show retired models, and how many rows are shown.
import { useT } from "@/components/i18n";
import type { Filters } from "./board-order";

const inputClass =
  "rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900 min-w-0";

/** One filter: every value, or one of them; shown only when there is a choice to make. */
function FilterSelect(props: {
  value: string;
  values: string[];
  onChange: (value: string) => void;
  label: string;
  every: string;
}) {
  if (props.values.length < 2) return null;
  return (
    <select
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      aria-label={props.label}
      className={`${inputClass} hidden sm:inline-block`}
    >
      <option value="">{props.every}</option>
      {props.values.map((v) => (
        <option key={v}>{v}</option>
      ))}
    </select>
  );
}

export function LeaderboardFilters(props: {
  filters: Filters;
  onFilters: (filters: Filters) => void;
  organizations: string[];
  licenses: string[];
  retired: { count: number; shown: boolean; onShown: (shown: boolean) => void };
  shown: number;
  total: number;
}) {
  const t = useT();
  const { filters, onFilters, retired } = props;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        type="search"
        value={filters.query}
        onChange={(e) => onFilters({ ...filters, query: e.target.value })}
        placeholder={t("board.search")}
        aria-label={t("board.search")}
        className={`${inputClass} flex-1 sm:w-56 sm:flex-none`}
      />
      {(
        [
          ["organization", props.organizations, t("board.organization"), t("board.allOrganizations")],
          ["license", props.licenses, t("board.license"), t("board.allLicenses")],
        ] as const
      ).map(([field, values, label, every]) => (
        <FilterSelect
          key={field}
          value={filters[field]}
          values={values}
          onChange={(value) => onFilters({ ...filters, [field]: value })}
          label={label}
          every={every}
        />
      ))}
      {retired.count > 0 && (
        <label className="flex items-center gap-1 text-xs text-zinc-700 dark:text-zinc-300">
          <input type="checkbox" checked={retired.shown} onChange={(e) => retired.onShown(e.target.checked)} />
          {t("board.showRetired", { count: retired.count })}
        </label>
      )}
      <span className="text-xs muted" aria-live="polite" data-testid="table-count">
        {props.shown === props.total
          ? t("board.models", { count: props.total })
          : t("board.modelsOf", { shown: props.shown, count: props.total })}
      </span>
    </div>
  );
}
