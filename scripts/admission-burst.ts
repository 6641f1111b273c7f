// The admission run's burst, from a process of its own (forked by scripts/test-admission.ts): its visitors and
// pictures made first, then, on "go", every battle opened at once. Apart from the process that times the other
// visitors, whose votes would otherwise wait behind this one's event loop sending 120 MB of uploads and reading the
// answers (that is the client's delay, not the server's). It is not niced: it competes with the server for the
// two cores as remote clients' traffic would not, so the figures stay on the cautious side.

import { opening, picture } from "./admission-uploads";
import { type Answer, newVisitor, requester } from "./bounded-run";

type Start = { base: string; count: number; timeoutMs: number };

process.once("message", async ({ base, count, timeoutMs }: Start) => {
  const call = requester(base, timeoutMs);
  const visitors = await Promise.all(Array.from({ length: count }, () => newVisitor(base)));
  const pictures = await Promise.all(Array.from({ length: count }, (_, i) => picture(i + 1)));
  process.once("message", async () => {
    const answers: Answer[] = await Promise.all(
      visitors.map((cookie, i) => call("/api/conversations", opening(cookie, pictures[i] as Blob))),
    );
    process.send?.(answers, () => process.exit(0));
  });
  process.send?.("ready");
});
