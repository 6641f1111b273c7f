// A box that scrolls sideways when its content (a wide table or chart) is wider than the screen. It takes focus so
// keyboard users can scroll it too (axe: scrollable-region-focusable), and is named for screen readers.
import type { ReactNode } from "react";

export function ScrollBox({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
    <section className={`overflow-x-auto ${className}`} tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
