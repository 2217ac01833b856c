import { ResponsesRequestSchema, type PresetConfig, type ResponsesRequestInput } from "@/lib/contract/gateway";
import type { PresetConfigField } from "./extract-config";
import { isRecord } from "@/lib/json/is-record";

/**
 * A preset version (a chat-request config plus its system prompt) as the fields of a responses
 * request. The embedded gateway applies a preset with it, and the playground expands a version
 * into an explicit request with it, so both always agree on what a version means. Pure: no I/O,
 * safe in the browser.
 */

/** The responses-request fields a preset supplies: everything but the per-call input. */
export type PresetResponsesFields = Omit<ResponsesRequestInput, "input">;

export interface DroppedConfigField {
  field: string;
  reason: string;
}

export interface PresetAsResponsesRequest {
  fields: PresetResponsesFields;
  /** Config fields that do not carry over, each with why; in config order. */
  dropped: DroppedConfigField[];
}

type Loose = Record<string, unknown>;
type Out = Loose;

/**
 * What happens to each stored config field. "keep" copies it under the same name (the responses
 * request of the reference has the field with the same meaning); a function converts it; a string
 * drops it, saying why. Typed over PRESET_CONFIG_FIELDS, so a new config field does not compile
 * until someone decides what it means here.
 */
type Rule = "keep" | ((value: unknown, config: Loose, out: Out) => string | void) | string;

const NO_COUNTERPART = "the responses request has no such field";

/** Chat function tools nest their definition under `function`; responses tools carry it on the tool. */
function toResponsesTool(tool: unknown): unknown {
  if (!isRecord(tool) || tool.type !== "function" || !isRecord(tool.function)) return tool;
  // cache_control of a chat tool has no place on a responses tool.
  const { function: definition, cache_control: _cacheControl, ...rest } = tool;
  return { ...rest, type: "function", ...definition };
}

function toResponsesToolChoice(choice: unknown): unknown {
  if (isRecord(choice) && choice.type === "function" && isRecord(choice.function)) {
    return { type: "function", name: choice.function.name };
  }
  return choice;
}

const RULES: Record<PresetConfigField, Rule> = {
  model: "keep",
  models: "keep",
  temperature: "keep",
  top_p: "keep",
  top_k: "keep",
  top_a: NO_COUNTERPART,
  min_p: NO_COUNTERPART,
  frequency_penalty: "keep",
  presence_penalty: "keep",
  repetition_penalty: NO_COUNTERPART,
  // max_tokens is the deprecated spelling: max_completion_tokens wins when a config has both.
  max_tokens: (value, config, out) => {
    if (config.max_completion_tokens !== undefined && config.max_completion_tokens !== null) {
      return "max_completion_tokens is also set and gives max_output_tokens";
    }
    out.max_output_tokens = value;
  },
  max_completion_tokens: (value, _config, out) => {
    out.max_output_tokens = value;
  },
  logit_bias: NO_COUNTERPART,
  logprobs: "the responses request asks for log probabilities with top_logprobs",
  top_logprobs: "keep",
  seed: NO_COUNTERPART,
  stop: NO_COUNTERPART,
  parallel_tool_calls: "keep",
  tools: (value, _config, out) => {
    out.tools = Array.isArray(value) ? value.map(toResponsesTool) : value;
  },
  tool_choice: (value, _config, out) => {
    out.tool_choice = toResponsesToolChoice(value);
  },
  // Responses puts the output format under text.format, with a json_schema's fields on the format itself.
  response_format: (value, _config, out) => {
    if (!isRecord(value)) return "is not an object";
    if (value.type === "text" || value.type === "json_object") {
      out.text = { format: { type: value.type } };
    } else if (value.type === "json_schema" && isRecord(value.json_schema)) {
      out.text = { format: { type: "json_schema", ...value.json_schema } };
    } else {
      return `the responses request has no ${JSON.stringify(value.type)} output format`;
    }
  },
  modalities: (value, _config, out) => {
    if (!Array.isArray(value)) return "is not a list";
    const kept = value.filter((modality) => modality === "text" || modality === "image");
    if (kept.length === 0) return "the responses request supports only the text and image modalities";
    out.modalities = kept;
  },
  reasoning: (value, _config, out) => {
    const shorthand = isRecord(out.reasoning) ? out.reasoning.effort : undefined;
    const effortMissing = isRecord(value) && (value.effort === undefined || value.effort === null);
    out.reasoning = effortMissing && shorthand !== undefined ? { ...value, effort: shorthand } : value;
  },
  // The chat shorthand for reasoning.effort; responses only has the object form.
  reasoning_effort: (value, _config, out) => {
    if (value === null || value === undefined) return;
    const reasoning = isRecord(out.reasoning) ? out.reasoning : {};
    if (reasoning.effort === undefined || reasoning.effort === null) out.reasoning = { ...reasoning, effort: value };
  },
  service_tier: "keep",
  cache_control: "keep",
  prompt_cache_key: "keep",
  prompt_cache_options: "keep",
  metadata: "keep",
  image_config: "keep",
  stop_server_tools_when: "keep",
  route: "keep",
  provider: "keep",
  plugins: "keep",
};

const KNOWN: ReadonlySet<string> = new Set(Object.keys(RULES));

/**
 * Fields the responses schema refuses (a stored value outside its range, say max_tokens 0) are
 * dropped with the schema's words rather than passed on to fail every request that uses the
 * preset. Only top-level fields the preset supplied are dropped; a missing model is not ours to fix.
 */
function dropInvalid(fields: Out, dropped: DroppedConfigField[], sourceOf: Map<string, string>): void {
  for (let round = 0; round < 8; round++) {
    const result = ResponsesRequestSchema.safeParse({ ...fields, input: "" });
    if (result.success) return;
    const bad = new Map<string, string>();
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      if (typeof key !== "string" || !(key in fields) || bad.has(key)) continue;
      bad.set(key, issue.message);
    }
    if (bad.size === 0) return;
    for (const [key, message] of bad) {
      delete fields[key];
      dropped.push({ field: sourceOf.get(key) ?? key, reason: `${key} would be refused: ${message}` });
    }
  }
}

/**
 * Expands a preset version into responses-request fields:
 * - model, models, sampling settings, plugins (the web plugin included), provider, metadata and
 *   the other fields the responses request shares are copied as they are;
 * - max_completion_tokens (or the older max_tokens) becomes max_output_tokens;
 * - function tools and a named tool_choice take the flat responses shape; server tools
 *   (openrouter:web_search, ...) are copied;
 * - reasoning_effort becomes reasoning.effort; response_format becomes text.format;
 * - a non-empty system prompt becomes instructions;
 * - fields without a responses counterpart (stop, seed, logit_bias, ...) are listed in `dropped`.
 * Null values mean "not set" in a stored config and are left out.
 */
export function presetToResponsesRequest(version: { config: PresetConfig; system_prompt?: string | null }): PresetAsResponsesRequest {
  const fields: Out = {};
  const dropped: DroppedConfigField[] = [];
  const sourceOf = new Map<string, string>();
  for (const [field, value] of Object.entries(version.config)) {
    if (value === null || value === undefined) continue;
    if (!KNOWN.has(field)) {
      dropped.push({ field, reason: "not a preset config field" });
      continue;
    }
    const rule = RULES[field as PresetConfigField];
    const before = new Set(Object.keys(fields));
    if (rule === "keep") {
      fields[field] = value;
    } else if (typeof rule === "string") {
      dropped.push({ field, reason: rule });
    } else {
      const reason = rule(value, version.config, fields);
      if (typeof reason === "string") dropped.push({ field, reason });
    }
    for (const key of Object.keys(fields)) if (!before.has(key)) sourceOf.set(key, field);
  }
  if (version.system_prompt) fields.instructions = version.system_prompt;
  dropInvalid(fields, dropped, sourceOf);
  return { fields: fields as PresetResponsesFields, dropped };
}
