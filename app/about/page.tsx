import type { Metadata } from "next";
import Link from "next/link";
import { DemoNote } from "@/components/demo-note";
import { getDb } from "@/lib/db";
import { demoBattleCount, demoBoardShown } from "@/lib/export";
import { LISTING_MIN_VOTES } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "How the leaderboard works" };

// The method behind every board, for visitors: how votes become scores, what the intervals and ranks mean, what
// style control removes, and which battles count. Linked from each board.
/** One titled part of the page, reachable by its id (/about#fragility) and named for assistive technology. */
function AboutSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default async function AboutPage() {
  const demoBattles = await demoBattleCount(getDb());
  const demoOnBoard = demoBoardShown();
  return (
    <article className="prose-sm mx-auto max-w-2xl space-y-4 text-sm leading-relaxed text-zinc-700 dark:text-zinc-300">
      <h1 className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-100">How the leaderboard works</h1>
      <AboutSection id="votes" title="From votes to scores">
        <p>
          In a battle two anonymous models answer the same image and question, and you choose the better answer (or a
          tie, or both bad). Each vote is one comparison. The Arena Score is the Bradley–Terry model fitted to all
          comparisons at once: the chance that model A beats model B grows with the difference of their scores, so 400
          points of difference mean 10-to-1 odds. Scores are relative: only their differences carry meaning.
        </p>
      </AboutSection>
      <AboutSection id="intervals" title="Intervals and Rank (UB)">
        <p>
          Every score comes with a 95% confidence interval. The board uses sandwich (robust) intervals with each pair of
          models weighted by the inverse of how often it was shown (at least 50 battles), as LMArena does since 2025: in
          our simulations from known strengths, they hold the true score 95% of the time from 30 votes per model up,
          where the bootstrap holds it 92–93% of the time. Rank (UB) counts the models that are better beyond doubt: it
          is 1 plus the number of models whose interval lies entirely above this model&apos;s. Two models with
          overlapping intervals can share a rank; the rank spread in brackets is the range of ranks the intervals allow.
        </p>
      </AboutSection>
      <AboutSection id="listing" title="Who is ranked">
        <p>
          A model is ranked once it has {LISTING_MIN_VOTES} votes on a board (operators can change this). Below that no
          interval method holds its promised 95% coverage, so the model is listed as <em>preliminary</em> after the
          ranked ones, with its vote count, its score and no rank or interval. A model its operators retire stays in the
          fits, the history and the exports, and leaves the ranks; the board lists it only when asked.
        </p>
      </AboutSection>
      <AboutSection id="fragility" title="How fragile an order is">
        <p>
          &ldquo;Order holds unless N votes are removed&rdquo; is the fewest votes whose removal would put a model below
          the next ranked one. It is found by estimating each vote&apos;s influence on the gap between the two scores
          (the approximate maximum influence perturbation of Broderick et al., from the fitted model&apos;s curvature)
          and removing the most influential first, then checked by fitting the board again without them. A small N means
          the order rests on a handful of votes, even where the intervals look apart.
        </p>
      </AboutSection>
      <AboutSection id="method" title="The method on record">
        <p>
          Every board stores how it was computed: interval method, reweighting, style features, penalties, scale, rounds
          and seed, the newest vote it saw and a hash of its input. The JSON API returns it as <code>method</code>, and{" "}
          <Link href="/methodology" className="underline">
            the methodology page
          </Link>{" "}
          lists every change of it with its date and the largest rank and score moves it caused.
        </p>
      </AboutSection>
      <AboutSection id="style" title="Style control">
        <p>
          People tend to prefer longer answers with more formatting. With style control on, the fit also includes the
          difference in answer length and in markdown (headers, lists, bold) between the two sides, so a model&apos;s
          score reflects what it says rather than how much it says. The coefficients of those features are shown with
          the board. The public board shows scores with style control on, as LMArena does; its switch opens the board
          without it.
        </p>
      </AboutSection>
      <AboutSection id="categories" title="Categories">
        <p>
          Each battle is labelled after the vote: by a judge model asking the VisionArena paper&apos;s questions
          (captioning, OCR, entity recognition, homework, humor, diagram, creative writing, refusal) when one is
          configured, otherwise by rules; coding and math are always labelled by rules. A category board is the same fit
          on that category&apos;s battles only; filters such as &ldquo;exclude ties&rdquo; or &ldquo;exclude
          refusals&rdquo; leave battles out rather than label them.
        </p>
      </AboutSection>
      <AboutSection id="counted" title="Which battles count">
        <p>
          Only anonymous battles count. A vote is left out when a model revealed its identity, the battle was against a
          demo model, the prompt or image was moderated, the visitor passed the daily cap, or the voter was found to
          vote against the crowd beyond chance. Prompts repeated very often are down-sampled on the de-duplicated board.
          Named (side-by-side) battles and direct chats never count.
        </p>
        <DemoNote battles={demoBattles} onBoard={demoOnBoard} />
      </AboutSection>
      <p className="flex gap-3">
        <Link href="/leaderboard" className="btn-primary">
          Back to the leaderboard
        </Link>
        <Link href="/bench" className="btn-secondary">
          VisionArena-Bench
        </Link>
      </p>
    </article>
  );
}
