import type { ChatRequest, Message } from "@/lib/contract/gateway";

/**
 * The chat-request fields a preset version stores in `config` (contract 4.1 rule 1: "only
 * request fields that overlap with the preset config are stored"). This is the one list; the
 * embedded gateway stores exactly these and the preset editor previews exactly these.
 */
export const PRESET_CONFIG_FIELDS = [
  "model",
  "models",
  "temperature",
  "top_p",
  "top_k",
  "top_a",
  "min_p",
  "frequency_penalty",
  "presence_penalty",
  "repetition_penalty",
  "max_tokens",
  "max_completion_tokens",
  "logit_bias",
  "logprobs",
  "top_logprobs",
  "seed",
  "stop",
  "parallel_tool_calls",
  "tools",
  "tool_choice",
  "response_format",
  "modalities",
  "reasoning",
  "reasoning_effort",
  "service_tier",
  "cache_control",
  // A preset is a team's reusable setup: its caching key and its labels (team, feature, cost centre)
  // belong to that setup, which is why the preset studio edits them.
  "prompt_cache_key",
  "prompt_cache_options",
  "metadata",
  "image_config",
  "stop_server_tools_when",
  "route",
  "provider",
  "plugins",
] as const;
export type PresetConfigField = (typeof PRESET_CONFIG_FIELDS)[number];

/**
 * The chat-request fields that describe one call rather than a reusable configuration, with the
 * reason each is left out of a preset. Anything else not in PRESET_CONFIG_FIELDS (for example
 * `prompt`, or a field a newer gateway added) is ignored too.
 */
export const PER_REQUEST_FIELDS = {
  messages: "the conversation of one call; only system messages survive, as system_prompt",
  stream: "a transport choice of the caller, not a model setting",
  stream_options: "belongs to streaming transport (and include_usage has no effect)",
  session_id: "groups the calls of one conversation for sticky routing",
  user: "identifies the end user of one call",
  debug: "a per-call diagnostic (echo the upstream body)",
  trace: "observability ids of one call or trace",
  prediction: "the predicted output of one specific call",
} as const satisfies Record<string, string>;

export interface ExtractedPresetConfig {
  config: Record<string, unknown>;
  system_prompt: string;
  /** Fields present in the request but not stored: in the parsed request's order (schema fields first, unknown fields last). */
  ignored_fields: string[];
}

const CONFIG_FIELD_SET: ReadonlySet<string> = new Set(PRESET_CONFIG_FIELDS);

/**
 * system_prompt rule:
 * - the text of every `system` message, in message order, joined with a blank line ("\n\n");
 * - a message whose content is an array contributes its text parts' `text` joined with "\n";
 * - `developer` messages are NOT part of it: they are instructions of one call (like user turns),
 *   and folding them in would silently promote per-request text into every later request;
 * - "" when the request has no system message (or only empty ones).
 */
export function systemPromptOf(messages: readonly Message[]): string {
  const texts: string[] = [];
  for (const message of messages) {
    if (message.role !== "system") continue;
    const text =
      typeof message.content === "string"
        ? message.content
        : message.content
            .filter((part) => part.type === "text")
            .map((part) => part.text)
            .join("\n");
    if (text !== "") texts.push(text);
  }
  return texts.join("\n\n");
}

/**
 * Splits a parsed chat request into what a preset version stores and what it ignores.
 * `alsoStored` names fields a gateway has already stored in a version's config although our list
 * does not have them (a newer gateway, a preset made elsewhere): the gateway that stored them
 * stores them again, so the preview must not announce them as dropped.
 */
export function extractPresetConfig(request: ChatRequest, alsoStored: Iterable<string> = []): ExtractedPresetConfig {
  const extra = new Set(alsoStored);
  const config: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(request)) {
    if (value === undefined) continue;
    if (CONFIG_FIELD_SET.has(key) || (extra.has(key) && key !== "messages")) config[key] = value;
    else ignored.push(key);
  }
  return { config, system_prompt: systemPromptOf(request.messages), ignored_fields: ignored };
}
