import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CohortBoardView } from "@/components/research/cohort-board";
import { pageRequiresRole } from "@/lib/auth/session";
import { cohortBoard, isCohort } from "@/lib/cohorts";
import { getDb } from "@/lib/db";
import { kindOf } from "@/lib/errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Cohort board" };

export default async function CohortPage({ params }: { params: Promise<{ name: string }> }) {
  await pageRequiresRole("researcher");
  const { name } = await params;
  if (!isCohort(name)) notFound();
  const board = await cohortBoard(getDb(), name).catch((error: unknown) => {
    if (kindOf(error) === "not_found") return null;
    throw error;
  });
  if (!board) notFound();
  return <CohortBoardView board={board} />;
}
