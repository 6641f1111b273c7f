import type { Metadata } from "next";
import { ResearchView } from "@/components/research/research-view";
import { listApiTokens } from "@/lib/auth";
import { pageRequiresRole, signOutAction } from "@/lib/auth/session";
import { cohortSummaries } from "@/lib/cohorts";
import { getDb } from "@/lib/db";
import { demoBattleCount, researchSummary } from "@/lib/export";
import { titleMetadata } from "@/lib/i18n/session";

export const dynamic = "force-dynamic";
export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.research");

export default async function ResearchPage() {
  const user = await pageRequiresRole("researcher");
  const db = getDb();
  const [summary, tokens, demoBattles, cohorts] = await Promise.all([
    researchSummary(db),
    listApiTokens(db, user.id),
    demoBattleCount(db),
    cohortSummaries(db),
  ]);
  return (
    <ResearchView
      user={user}
      summary={summary}
      tokens={tokens}
      demoBattles={demoBattles}
      cohorts={cohorts}
      signOut={signOutAction}
    />
  );
}
