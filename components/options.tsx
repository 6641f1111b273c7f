// The choices of a <select>, from a list and how each is named (the value is the key).
import type { ReactNode } from "react";

export function Options<T>({
  items,
  value,
  label,
}: {
  items: T[];
  value: (item: T) => string;
  label: (item: T) => ReactNode;
}) {
  return (
    <>
      {items.map((item) => (
        <option key={value(item)} value={value(item)}>
          {label(item)}
        </option>
      ))}
    </>
  );
}
