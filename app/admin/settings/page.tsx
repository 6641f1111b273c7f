import type { Metadata } from "next";
import type { CompositeWeightsValue } from "@/components/admin/composite-weights";
import type { PairingValue } from "@/components/admin/pairing-policy";
import { SettingsAdmin } from "@/components/admin/settings-admin";
import { pageRequiresRole } from "@/lib/auth/session";
import { benchmarkChoices, defaultCompositeWeights } from "@/lib/benchmarks";
import { getDb } from "@/lib/db";
import { allSettings } from "@/lib/settings";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin · Settings" };

export default async function SettingsPage() {
  await pageRequiresRole("admin");
  const settings = await allSettings(getDb());
  const licence = settings.find((s) => s.key === "export.licence");
  const weights = settings.find((s) => s.key === "board.compositeWeights");
  const cohortVotes = settings.find((s) => s.key === "board.cohortVotes");
  const pairing = settings.find((s) => s.key === "arena.pairing");
  return (
    <SettingsAdmin
      licence={String(licence?.value ?? "")}
      licenceSource={licence?.source ?? "environment"}
      pairing={{ value: pairing?.value as PairingValue, source: pairing?.source ?? "environment" }}
      cohortVotes={{ on: cohortVotes?.value === true, source: cohortVotes?.source ?? "environment" }}
      composite={{
        weights: (weights?.value as CompositeWeightsValue | null) ?? defaultCompositeWeights(),
        source: weights?.source ?? "environment",
        benchmarks: benchmarkChoices(),
      }}
    />
  );
}
