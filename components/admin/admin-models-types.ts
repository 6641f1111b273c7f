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
  maxAnswerChars: number | null;
  paramRules: ParamRules | null;
  isDemo: boolean;
  battles: number;
  votes: number;
  /** reports of its answers waiting on the moderation desk */
  openReports: number;
}

export interface AdminProvider {
  id: string;
  type: string;
  baseURL: string | null;
  apiKeyEnv: string | null;
  keyConfigured: boolean | null;
}
