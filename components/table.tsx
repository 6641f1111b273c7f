// Every data table of the console and the public pages: scrolls sideways inside its box on a narrow screen instead
// of widening the page, and keeps a gap between columns so headers never run together (globals.css .data-table).
import type { ComponentProps } from "react";
import { ScrollBox } from "./scroll-box";

export function Table({ className = "", children, ...rest }: ComponentProps<"table">) {
  return (
    <ScrollBox label={rest["aria-label"] ?? "Table"}>
      <table className={`data-table w-full text-sm ${className}`} {...rest}>
        {children}
      </table>
    </ScrollBox>
  );
}
