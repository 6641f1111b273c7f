// Browser-safe: the composer checks a tag before keeping it for the session.
// A cohort's tag (issue 69): a class or a lab opens the arena as `/?c=<name>` and every battle of that browser
// session carries the name. Short and plain so it reads in a URL and a chart: 2–32 lowercase letters, digits or
// hyphens, starting with a letter or a digit. It names a group, never a person: staff choose it, visitors only follow
// a link.
import { InvalidInput } from "../errors";

export const COHORT_PATTERN = /^[a-z0-9][a-z0-9-]{1,31}$/;

/** Whether `raw` is a cohort's tag as the arena keeps it. */
export const isCohort = (raw: string) => COHORT_PATTERN.test(raw);

/** The tag a request carries, or undefined without one; a malformed one is refused with what a tag may be. */
export function parseCohort(raw: string | null | undefined): string | undefined {
  if (raw === null || raw === undefined || raw === "") return undefined;
  if (!isCohort(raw))
    throw new InvalidInput(
      "invalid_cohort",
      "a cohort's tag is 2–32 lowercase letters, digits or hyphens, starting with a letter or a digit",
    );
  return raw;
}
