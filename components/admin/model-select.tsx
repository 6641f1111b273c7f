"use client";
import { useId } from "react";
// A registered model to choose, by display name and id: the bench console's runs, judgings, imports and curation.
import { Options } from "@/components/options";

export function ModelSelect({
  name,
  label,
  models,
  initial,
  none,
}: {
  name: string;
  label: string;
  models: { id: string; name: string }[];
  initial?: string;
  /** the text of a first, empty choice (no model); without it a model must be chosen */
  none?: string;
}) {
  const id = useId();
  return (
    <span className="flex flex-col text-xs">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} className="input" required={none === undefined} defaultValue={initial}>
        {none !== undefined && <option value="">{none}</option>}
        <Options
          items={models}
          value={(m) => m.id}
          label={(m) => (
            <>
              {m.name} ({m.id})
            </>
          )}
        />
      </select>
    </span>
  );
}
