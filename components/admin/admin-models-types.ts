// What the models console receives from the server: the registry's models and providers as the console shows them.
import type { ParamRules } from "@/lib/providers/client";

export interface AdminModel {
  id: string;
  providerId: string;
  providerModelId: string;
  displayName: string;
  organization: string | null;
  license: string | null;
  vision: boolean;
  enabled: boolean;
  outage: boolean;
  weight: number;
  battleTargets: string[];
  priceInputPerMTok: number | null;
  priceOutputPerMTok: number | null;
  /** daily spend ceiling in USD; null: none */
  dailyBudgetUsd: number | null;
  maxAnswerChars: number | null;
  paramRules: ParamRules | null;
  isDemo: boolean;
  battles: number;
  votes: number;
  /** reports of its answers waiting on the moderation desk */
  openReports: number;
  /** today's estimated spend (UTC day) and whether it is past its ceiling or its provider's */
  spendUsd: number;
  priced: boolean;
  overBudget: boolean;
}

export interface AdminProvider {
  id: string;
  type: string;
  baseURL: string | null;
  apiKeyEnv: string | null;
  keyConfigured: boolean | null;
  dailyBudgetUsd: number | null;
  spendUsd: number;
}
