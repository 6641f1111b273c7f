"use client";
// A registered model to choose, by display name and id: the bench console's runs, judgings and imports.
import { useId } from "react";

export function ModelSelect({
  name,
  label,
  models,
  initial,
}: {
  name: string;
  label: string;
  models: { id: string; name: string }[];
  initial?: string;
}) {
  const id = useId();
  return (
    <span className="flex flex-col text-xs">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} className="input" required defaultValue={initial}>
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name} ({m.id})
          </option>
        ))}
      </select>
    </span>
  );
}
