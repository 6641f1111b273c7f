// A class's or a lab's tag (issue 69): `/?c=<name>` opens the arena for a cohort, and the tab keeps it for the rest
// of its session (sessionStorage: a shared classroom computer forgets it with the tab), so every battle opened from
// this tab carries it. A malformed tag is not kept, and the visitor is told why.
import { useEffect, useState } from "react";
import { isCohort } from "@/lib/cohorts/client";

const KEY = "arena.cohort";

export type CohortState = { name: string | null; refused: string | null };

/** The tab's cohort tag: from the address when it names one, else the one kept earlier in this tab. */
export function useCohort(): CohortState {
  const [state, setState] = useState<CohortState>({ name: null, refused: null });
  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get("c");
    let kept: string | null = null;
    try {
      if (asked !== null && isCohort(asked)) sessionStorage.setItem(KEY, asked);
      kept = sessionStorage.getItem(KEY);
    } catch {
      // storage refused (private mode): the address's tag still counts for this page
      kept = asked !== null && isCohort(asked) ? asked : null;
    }
    setState({ name: kept, refused: asked !== null && !isCohort(asked) ? asked : null });
  }, []);
  return state;
}
