// Starting points for the servers people run: the base URL, the key variable, an example vision model, the
// parameters it wants and the quirks we handle. Shared by the console's "New provider" form and the README's
// models-file examples (a test checks each against the models-file schema and the key policy).
import type { ParamRules } from "./param-rules";
import type { ModelTarget } from "./types";

export interface ProviderPreset {
  id: string;
  label: string;
  type: Exclude<ModelTarget["providerType"], "demo">;
  /** null: the SDK's own endpoint */
  baseURL: string | null;
  apiKeyEnv: string | null;
  /** a vision model this server offers, as the models file names it */
  exampleModel: string;
  /** parameters the example model wants, in the models file's `params` */
  params?: ParamRules;
  /** the official hosted endpoint: a key may be sent there without listing it in ARENA_PROVIDER_ORIGINS */
  official: boolean;
  quirks: string;
}

export const PROVIDER_PRESETS: ProviderPreset[] = [
  {
    id: "openai",
    label: "OpenAI",
    type: "openai_compatible",
    baseURL: "https://api.openai.com/v1",
    apiKeyEnv: "OPENAI_API_KEY",
    exampleModel: "gpt-5",
    params: { maxTokens: "max_completion_tokens", temperature: "omit", reasoningEffort: "medium" },
    official: true,
    quirks:
      "o-series and gpt-5 models refuse max_tokens and non-default temperatures (learned on the first 400 if not set here); they stream no thought, only reasoning tokens.",
  },
  {
    id: "anthropic",
    label: "Anthropic",
    type: "anthropic",
    baseURL: null,
    apiKeyEnv: "ANTHROPIC_API_KEY",
    exampleModel: "claude-sonnet-4-5",
    params: { thinkingBudget: 4096 },
    official: true,
    quirks:
      "Extended thinking (thinkingBudget ≥ 1,024) streams thinking blocks and needs the default temperature; images over 5 MB of base64 are refused, over 1,568 px scaled down (we resize first).",
  },
  {
    id: "gemini",
    label: "Google Gemini",
    type: "google",
    baseURL: null,
    apiKeyEnv: "GEMINI_API_KEY",
    exampleModel: "gemini-2.5-flash",
    official: true,
    quirks:
      "Gemini 2.5 and later think by default; their thought summaries are asked for and kept apart. A safety stop fails the answer. Inline images count toward a 20 MB request.",
  },
  {
    id: "openrouter",
    label: "OpenRouter",
    type: "openai_compatible",
    baseURL: "https://openrouter.ai/api/v1",
    apiKeyEnv: "OPENROUTER_API_KEY",
    exampleModel: "qwen/qwen2.5-vl-72b-instruct",
    official: true,
    quirks:
      "Streams thinking in delta.reasoning and SSE comment keep-alives (': OPENROUTER PROCESSING'); an error after the stream began arrives as a data event with an error object.",
  },
  {
    id: "azure",
    label: "Azure OpenAI",
    type: "openai_compatible",
    baseURL: "https://YOUR-RESOURCE.openai.azure.com/openai/v1",
    apiKeyEnv: "AZURE_OPENAI_API_KEY",
    exampleModel: "YOUR-DEPLOYMENT",
    params: { maxTokens: "max_completion_tokens" },
    official: false,
    quirks:
      "The v1 endpoint takes the key as a bearer token and the deployment name as the model; add your resource's origin to ARENA_PROVIDER_ORIGINS. The first chunk has empty choices with filter results; a filtered answer fails.",
  },
  {
    id: "vllm",
    label: "vLLM",
    type: "openai_compatible",
    baseURL: "http://localhost:8000/v1",
    apiKeyEnv: null,
    exampleModel: "Qwen/Qwen2.5-VL-7B-Instruct",
    params: { images: { perRequest: 4 } },
    official: false,
    quirks:
      "Reasoning models stream delta.reasoning_content with --reasoning-parser; images per prompt are capped by --limit-mm-per-prompt (set params.images.perRequest to match). Set VLLM_API_KEY and apiKeyEnv when started with --api-key.",
  },
  {
    id: "ollama",
    label: "Ollama",
    type: "openai_compatible",
    baseURL: "http://localhost:11434/v1",
    apiKeyEnv: null,
    exampleModel: "qwen2.5vl:7b",
    official: false,
    quirks:
      "Models served raw may think inside <think>…</think> in the content (taken out and kept apart). No key; local only.",
  },
  {
    id: "lmstudio",
    label: "LM Studio",
    type: "openai_compatible",
    baseURL: "http://localhost:1234/v1",
    apiKeyEnv: null,
    exampleModel: "qwen2.5-vl-7b-instruct",
    official: false,
    quirks: "OpenAI-compatible server of the desktop app; reasoning models may send <think> tags or delta.reasoning.",
  },
  {
    id: "together",
    label: "Together AI",
    type: "openai_compatible",
    baseURL: "https://api.together.xyz/v1",
    apiKeyEnv: "TOGETHER_API_KEY",
    exampleModel: "meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8",
    official: true,
    quirks:
      "Chunks carry Together's own fields (text, token_id, seed); DeepSeek-R1 thinks inside <think> in the content (taken out and kept apart), other reasoning models stream delta.reasoning; usage arrives in a final chunk.",
  },
  {
    id: "groq",
    label: "Groq",
    type: "openai_compatible",
    baseURL: "https://api.groq.com/openai/v1",
    apiKeyEnv: "GROQ_API_KEY",
    exampleModel: "meta-llama/llama-4-scout-17b-16e-instruct",
    params: { images: { perRequest: 5 } },
    official: true,
    quirks: "Usage arrives in x_groq on the last chunk; few images per request and small base64 images (we resize).",
  },
  {
    id: "mistral",
    label: "Mistral",
    type: "openai_compatible",
    baseURL: "https://api.mistral.ai/v1",
    apiKeyEnv: "MISTRAL_API_KEY",
    exampleModel: "mistral-medium-latest",
    official: true,
    quirks: "Usage arrives with the finishing chunk; Pixtral scales images down past 1,024 px.",
  },
];

/** Origins of the official hosted endpoints above: keys may go there. */
export const PRESET_ORIGINS = new Set(
  PROVIDER_PRESETS.filter((p) => p.official && p.baseURL).map((p) => new URL(p.baseURL as string).origin),
);
