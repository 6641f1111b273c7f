"use client";
// "Start from": fills the new-provider form from a preset (lib/providers/presets.ts) and says what that server does
// differently.
import { Options } from "@/components/options";
import { PROVIDER_PRESETS } from "@/lib/providers/client";

export interface PresetFill {
  id: string;
  type: string;
  baseURL: string;
  apiKeyEnv: string;
}

export function ProviderPresetPicker({ onPick }: { onPick: (fill: PresetFill, quirks: string) => void }) {
  return (
    <label className="block text-xs font-medium sm:col-span-4">
      Start from
      <select
        className="input mt-1 w-full"
        defaultValue=""
        onChange={(e) => {
          const preset = PROVIDER_PRESETS.find((p) => p.id === e.target.value);
          if (preset)
            onPick(
              { id: preset.id, type: preset.type, baseURL: preset.baseURL ?? "", apiKeyEnv: preset.apiKeyEnv ?? "" },
              `${preset.quirks} Example model: ${preset.exampleModel}.`,
            );
        }}
      >
        <option value="">a blank provider</option>
        <Options items={PROVIDER_PRESETS} value={(p) => p.id} label={(p) => p.label} />
      </select>
    </label>
  );
}
