// One section of the console: a titled part of a page, its count when it lists things, an optional note, what it says
// when there is nothing, then its content. Every console page builds from it, so they read alike.
import { type ReactNode, useId } from "react";

export function Section({
  title,
  count,
  note,
  empty,
  size = "lg",
  children,
}: {
  title: ReactNode;
  /** how many things the section lists: shown as "title (n)"; with `empty`, 0 shows the empty note */
  count?: number;
  /** a line under the title saying what the section is for */
  note?: ReactNode;
  /** what the section says when `count` is 0 */
  empty?: ReactNode;
  /** the title's size: "lg" for a page's main parts, "base" for steps within one */
  size?: "lg" | "base";
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="space-y-2" aria-labelledby={id}>
      <h2 id={id} className={size === "lg" ? "text-lg font-semibold" : "font-semibold"}>
        {title}
        {count !== undefined ? ` (${count})` : null}
      </h2>
      {note ? <p className="text-sm muted">{note}</p> : null}
      {count === 0 && empty ? <p className="text-sm muted">{empty}</p> : null}
      {children}
    </section>
  );
}
