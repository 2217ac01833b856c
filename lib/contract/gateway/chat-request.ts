import { z } from "zod";
import { isRecord } from "@/lib/json/is-record";
import { LIMITS, PERPLEXITY_ENGINE, REASONING_EFFORTS, WEB_SEARCH_ENGINES, WEB_SEARCH_TOOL_ENGINES, WEB_SEARCH_TOOL_TYPE } from "./request-constants";
import { EVEN_WITH_OTHER_ISSUES, tolerantByType } from "./tolerant";

/*
 * The chat request body of POST /presets/{slug}/chat/completions (contract 4.1.1), with the
 * shapes the contract leaves "not shown" taken from the reference ChatRequest. Every limit the
 * contract names is enforced here so the embedded gateway, the BFF and the forms refuse the same
 * values with the same field paths. Objects are loose (unknown keys kept) except
 * ProviderPreferences, which the contract declares closed. No defaults are applied: a parsed
 * request holds exactly what the caller sent, so nothing is invented on its way into a preset.
 */

// ---------------------------------------------------------------------------------------------
// Limits (contract section 8)

export { LIMITS };

/** Defaults the gateway applies when a field is omitted (documented, never injected). */
export const DEFAULTS = {
  stream: false,
  costQualityTradeoff: 7,
  fusionMaxToolCalls: 8,
  webMaxResults: 5,
} as const;

// ---------------------------------------------------------------------------------------------
// Small shared pieces

const nullableNumber = (min?: number, max?: number) => {
  let schema = z.number();
  if (min !== undefined) schema = schema.min(min);
  if (max !== undefined) schema = schema.max(max);
  return schema.nullable().optional();
};
const nullableInt = () => z.number().int().nullable().optional();
/**
 * Domain filters of web search and web fetch. The contract gives no limit; ours keeps the work of
 * matching every search hit against every entry small, and an entry longer than any DNS name plus
 * path is a mistake anyway.
 */
const domainList = () => z.array(z.string().max(LIMITS.domainEntryLength)).max(LIMITS.domainListEntries);

export const FUNCTION_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
const functionName = () =>
  z
    .string()
    .min(1)
    .max(LIMITS.functionNameLength)
    .regex(FUNCTION_NAME_PATTERN, { message: "must use only letters, digits, underscores and dashes" });

export const CacheControlSchema = z.looseObject({
  type: z.literal("ephemeral"),
  ttl: z.enum(["5m", "1h"]).optional(),
});
export type CacheControl = z.infer<typeof CacheControlSchema>;

export const PromptCacheBreakpointSchema = z.looseObject({ mode: z.literal("explicit") });

export const PromptCacheOptionsSchema = z.looseObject({
  mode: z.literal("explicit"),
  ttl: z.string().nullable().optional(),
});
export type PromptCacheOptions = z.infer<typeof PromptCacheOptionsSchema>;

// ---------------------------------------------------------------------------------------------
// Message content parts (reference ChatContentItems)

export const TextPartSchema = z.looseObject({
  type: z.literal("text"),
  text: z.string(),
  cache_control: CacheControlSchema.optional(),
  prompt_cache_breakpoint: PromptCacheBreakpointSchema.nullable().optional(),
});
export type TextPart = z.infer<typeof TextPartSchema>;

export const ImagePartSchema = z.looseObject({
  type: z.literal("image_url"),
  image_url: z.looseObject({
    url: z.string(),
    detail: z.enum(["auto", "low", "high", "original"]).optional(),
  }),
});

export const AudioPartSchema = z.looseObject({
  type: z.literal("input_audio"),
  input_audio: z.looseObject({ data: z.string(), format: z.string() }),
});

export const LegacyVideoPartSchema = z.looseObject({
  type: z.literal("input_video"),
  video_url: z.looseObject({ url: z.string() }),
});

export const VideoPartSchema = z.looseObject({
  type: z.literal("video_url"),
  video_url: z.looseObject({ url: z.string() }),
});

export const FilePartSchema = z.looseObject({
  type: z.literal("file"),
  file: z.looseObject({
    file_data: z.string().optional(),
    file_id: z.string().optional(),
    filename: z.string().optional(),
  }),
});

export const ContentPartSchema = z.discriminatedUnion("type", [
  TextPartSchema,
  ImagePartSchema,
  AudioPartSchema,
  LegacyVideoPartSchema,
  VideoPartSchema,
  FilePartSchema,
]);
export type ContentPart = z.infer<typeof ContentPartSchema>;

// A one-option discriminated union, so a non-text part is reported once, on its `type`.
const textContent = () =>
  z.union([z.string(), z.array(z.discriminatedUnion("type", [TextPartSchema]))]);
const richContent = () => z.union([z.string(), z.array(ContentPartSchema)]);

// ---------------------------------------------------------------------------------------------
// Messages (discriminated by role)

export const SystemMessageSchema = z.looseObject({
  role: z.literal("system"),
  content: textContent(),
  name: z.string().optional(),
});

export const DeveloperMessageSchema = z.looseObject({
  role: z.literal("developer"),
  content: textContent(),
  name: z.string().optional(),
});

export const UserMessageSchema = z.looseObject({
  role: z.literal("user"),
  content: richContent(),
  name: z.string().optional(),
});

export const ToolCallSchema = z.looseObject({
  id: z.string(),
  type: z.literal("function"),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});

export const AssistantMessageSchema = z.looseObject({
  role: z.literal("assistant"),
  content: richContent().nullable().optional(),
  name: z.string().optional(),
  tool_calls: z.array(ToolCallSchema).optional(),
  refusal: z.string().nullable().optional(),
  reasoning: z.string().nullable().optional(),
  // Provider-specific reasoning records are passed back verbatim; their kinds change often.
  reasoning_details: z.array(z.looseObject({ type: z.string() })).optional(),
  images: z.array(z.looseObject({ image_url: z.looseObject({ url: z.string() }) })).optional(),
  audio: z.looseObject({}).optional(),
  model: z.string().optional(),
});

export const ToolMessageSchema = z.looseObject({
  role: z.literal("tool"),
  content: richContent(),
  tool_call_id: z.string(),
});

export const MessageSchema = z.discriminatedUnion("role", [
  SystemMessageSchema,
  UserMessageSchema,
  DeveloperMessageSchema,
  AssistantMessageSchema,
  ToolMessageSchema,
]);
export type Message = z.infer<typeof MessageSchema>;
export type MessageRole = Message["role"];

// ---------------------------------------------------------------------------------------------
// Web search settings shared by the web plugin and the openrouter:web_search server tool

export { WEB_SEARCH_ENGINES };
export const WebSearchEngineSchema = z.enum(WEB_SEARCH_ENGINES);
export type WebSearchEngine = z.infer<typeof WebSearchEngineSchema>;

export { WEB_SEARCH_TOOL_ENGINES, PERPLEXITY_ENGINE };

export const WEB_SEARCH_MODES = [
  "instant",
  "fast",
  "auto",
  "deep-lite",
  "deep",
  "deep-reasoning",
  "turbo",
  "basic",
  "advanced",
] as const;

export const WebMaxResultsSchema = z.number().int().min(1).max(LIMITS.webMaxResults);

/** The perplexity cap as an issue on `max_results` of the object being checked. */
function checkPerplexityCap(
  value: { engine?: unknown; max_results?: unknown },
  ctx: z.core.$RefinementCtx,
): void {
  if (
    value.engine === PERPLEXITY_ENGINE &&
    typeof value.max_results === "number" &&
    value.max_results > LIMITS.webMaxResultsPerplexity &&
    // Above the general cap the plain "at most 25" issue already names the field.
    value.max_results <= LIMITS.webMaxResults
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["max_results"],
      message: `must be at most ${LIMITS.webMaxResultsPerplexity} when engine is ${PERPLEXITY_ENGINE}`,
    });
  }
}

export const UserLocationSchema = z.looseObject({
  type: z.literal("approximate"),
  city: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  region: z.string().nullable().optional(),
  timezone: z.string().nullable().optional(),
});

// ---------------------------------------------------------------------------------------------
// Plugins (contract 4.1.3, discriminated by id)

const enabled = () => z.boolean().optional();
const costQualityTradeoff = () => z.number().int().min(0).max(LIMITS.costQualityTradeoffMax).optional();
const modelPatterns = () => z.array(z.string().max(1024)).max(1024).optional();
const COST_TIERS = ["low", "medium", "high", "xhigh", "max"] as const;

export const AutoRouterPluginSchema = z.looseObject({
  id: z.literal("auto-router"),
  enabled: enabled(),
  allowed_models: modelPatterns(),
  excluded_models: modelPatterns(),
  cost_quality_tradeoff: costQualityTradeoff(),
  cost_tier: z.enum(COST_TIERS).optional(),
  pin_model: z.boolean().optional(),
});

export const AutoBetaRouterPluginSchema = z.looseObject({
  id: z.literal("auto-beta-router"),
  enabled: enabled(),
  allowed_models: modelPatterns(),
  excluded_models: modelPatterns(),
  cost_quality_tradeoff: costQualityTradeoff(),
  cost_tier: z.enum(COST_TIERS).optional(),
});

export const ModerationPluginSchema = z.looseObject({ id: z.literal("moderation") });

/**
 * The web plugin (4.1.3 and 4.5). max_results is 1..25, 1..20 with the perplexity engine;
 * omitted means 5 and an omitted engine means automatic selection.
 */
export const WebPluginSchema = z
  .looseObject({
    id: z.literal("web"),
    enabled: enabled(),
    engine: WebSearchEngineSchema.optional(),
    max_results: WebMaxResultsSchema.optional(),
    max_uses: z.number().int().min(1).optional(),
    include_domains: domainList().optional(),
    exclude_domains: domainList().optional(),
    search_prompt: z.string().optional(),
    mode: z.enum(WEB_SEARCH_MODES).optional(),
    user_location: UserLocationSchema.optional(),
  })
  .superRefine(checkPerplexityCap, EVEN_WITH_OTHER_ISSUES);
export type WebPlugin = z.infer<typeof WebPluginSchema>;

export const WebFetchPluginSchema = z.looseObject({
  id: z.literal("web-fetch"),
  enabled: enabled(),
  allowed_domains: domainList().optional(),
  blocked_domains: domainList().optional(),
  max_content_tokens: z.number().int().min(1).optional(),
  max_uses: z.number().int().min(1).optional(),
});

export const PDF_ENGINES = ["mistral-ocr", "native", "cloudflare-ai", "pdf-text"] as const;

export const FileParserPluginSchema = z.looseObject({
  id: z.literal("file-parser"),
  enabled: enabled(),
  pdf: z.looseObject({ engine: z.enum(PDF_ENGINES).optional() }).optional(),
});

export const ResponseHealingPluginSchema = z.looseObject({
  id: z.literal("response-healing"),
  enabled: enabled(),
});

export const ContextCompressionPluginSchema = z.looseObject({
  id: z.literal("context-compression"),
  enabled: enabled(),
  engine: z.enum(["middle-out"]).optional(),
});

export const ParetoRouterPluginSchema = z.looseObject({
  id: z.literal("pareto-router"),
  enabled: enabled(),
  min_coding_score: z.number().min(0).max(1).optional(),
  price_source: z.enum(["prompt", "weighted_avg"]).optional(),
  max_price: z.number().min(0).optional(),
});

export const FUSION_PRESETS = ["general-high", "general-budget", "general-fast"] as const;

export const FusionToolSchema = z.looseObject({
  type: z.string().min(1),
  parameters: z.record(z.string(), z.unknown()).optional(),
});

export const FusionPluginSchema = z.looseObject({
  id: z.literal("fusion"),
  enabled: enabled(),
  analysis_models: z.array(z.string()).min(1).max(LIMITS.fusionAnalysisModelsMax).optional(),
  model: z.string().optional(),
  preset: z.enum(FUSION_PRESETS).optional(),
  max_tool_calls: z.number().int().min(1).max(LIMITS.fusionMaxToolCallsMax).optional(),
  tools: z.array(FusionToolSchema).max(LIMITS.fusionToolsMax).optional(),
});

export const PluginSchema = z.discriminatedUnion("id", [
  AutoRouterPluginSchema,
  AutoBetaRouterPluginSchema,
  ModerationPluginSchema,
  WebPluginSchema,
  WebFetchPluginSchema,
  FileParserPluginSchema,
  ResponseHealingPluginSchema,
  ContextCompressionPluginSchema,
  ParetoRouterPluginSchema,
  FusionPluginSchema,
]);
export type Plugin = z.infer<typeof PluginSchema>;
export type PluginId = Plugin["id"];
export const PLUGIN_IDS = [
  "auto-router",
  "auto-beta-router",
  "moderation",
  "web",
  "web-fetch",
  "file-parser",
  "response-healing",
  "context-compression",
  "pareto-router",
  "fusion",
] as const satisfies readonly PluginId[];

// ---------------------------------------------------------------------------------------------
// Tools

export const FunctionDefinitionSchema = z.looseObject({
  name: functionName(),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
  strict: z.boolean().nullable().optional(),
});

export const FunctionToolSchema = z.looseObject({
  type: z.literal("function"),
  function: FunctionDefinitionSchema,
  cache_control: CacheControlSchema.optional(),
});
export type FunctionTool = z.infer<typeof FunctionToolSchema>;

/** The web-search settings the server tool takes as `parameters` and its shorthand takes inline. */
const WEB_SEARCH_TOOL_FIELDS = {
  engine: z.enum(WEB_SEARCH_TOOL_ENGINES).optional(),
  max_results: WebMaxResultsSchema.optional(),
  max_total_results: z.number().int().min(1).optional(),
  max_uses: z.number().int().min(1).optional(),
  max_characters: z.number().int().min(1).optional(),
  allowed_domains: domainList().optional(),
  excluded_domains: domainList().optional(),
  mode: z.enum(WEB_SEARCH_MODES).optional(),
  search_context_size: z.enum(["low", "medium", "high"]).optional(),
  user_location: UserLocationSchema.optional(),
};

/** Parameters of openrouter:web_search (reference WebSearchConfig). */
export const WebSearchToolParametersSchema = z
  .looseObject(WEB_SEARCH_TOOL_FIELDS)
  .superRefine(checkPerplexityCap, EVEN_WITH_OTHER_ISSUES);
export type WebSearchToolParameters = z.infer<typeof WebSearchToolParametersSchema>;

export { WEB_SEARCH_TOOL_TYPE };

export const WebSearchServerToolSchema = z.looseObject({
  type: z.literal(WEB_SEARCH_TOOL_TYPE),
  parameters: WebSearchToolParametersSchema.optional(),
});
export type WebSearchServerTool = z.infer<typeof WebSearchServerToolSchema>;

const nestedReasoning = () =>
  z
    .looseObject({
      effort: z.enum(REASONING_EFFORTS).optional(),
      max_tokens: z.number().int().min(1).optional(),
    })
    .optional();

const namedAgentName = () =>
  z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-zA-Z0-9 _-]+$/, { message: "must use only letters, digits, spaces, underscores and dashes" });

/** An `openrouter:*` server tool: its type and, when given, its parameters (each one optional, others kept). */
function serverToolSchema<Type extends string, Parameters extends z.core.$ZodLooseShape>(type: Type, parameters: Parameters) {
  return z.looseObject({
    type: z.literal(type),
    parameters: z.looseObject(parameters).optional(),
  });
}

export const AdvisorServerToolSchema = serverToolSchema("openrouter:advisor", {
  name: namedAgentName().optional(),
  model: z.string().optional(),
  instructions: z.string().optional(),
  forward_transcript: z.boolean().optional(),
  max_completion_tokens: z.number().int().min(1).optional(),
  temperature: z.number().optional(),
  stream: z.boolean().optional(),
  reasoning: nestedReasoning(),
});

export const BashServerToolSchema = serverToolSchema("openrouter:bash", {
  engine: z.enum(["auto", "native", "openrouter"]).optional(),
  environment: z
    .discriminatedUnion("type", [
      z.looseObject({ type: z.literal("container_auto") }),
      z.looseObject({
        type: z.literal("container_reference"),
        container_id: z.string().min(1).max(20).regex(/^[\w-]+$/, {
          message: "must use only letters, digits, underscores and dashes",
        }),
      }),
    ])
    .optional(),
  sleep_after_seconds: z.number().int().min(0).max(2_592_000).optional(),
});

export const DatetimeServerToolSchema = serverToolSchema("openrouter:datetime", { timezone: z.string().optional() });

export const FilesServerToolSchema = serverToolSchema("openrouter:files", {});

export const FusionServerToolSchema = serverToolSchema("openrouter:fusion", {
  analysis_models: z.array(z.string()).min(1).max(LIMITS.fusionAnalysisModelsMax).optional(),
  model: z.string().optional(),
  max_tool_calls: z.number().int().min(1).max(LIMITS.fusionMaxToolCallsMax).optional(),
  max_completion_tokens: z.number().int().min(1).optional(),
  temperature: z.number().optional(),
  tools: z.array(FusionToolSchema).max(LIMITS.fusionToolsMax).optional(),
  cache_control: CacheControlSchema.optional(),
  reasoning: nestedReasoning(),
});

export const ImageGenerationServerToolSchema = serverToolSchema("openrouter:image_generation", { model: z.string().optional() });

export const SearchModelsServerToolSchema = serverToolSchema("openrouter:experimental__search_models", { max_results: z.number().int().min(1).max(20).optional() });

export const SubagentServerToolSchema = serverToolSchema("openrouter:subagent", {
  name: namedAgentName().optional(),
  model: z.string().optional(),
  instructions: z.string().optional(),
  max_completion_tokens: z.number().int().min(1).optional(),
  max_tool_calls: z.number().int().min(1).max(25).optional(),
  temperature: z.number().optional(),
  reasoning: nestedReasoning(),
  tools: z.array(FusionToolSchema).optional(),
  inherit_functions: z.boolean().optional(),
  inherited_function_names: z.array(z.string().min(1)).optional(),
});

export const WebFetchServerToolSchema = serverToolSchema("openrouter:web_fetch", {
  engine: z.enum(["auto", "native", "openrouter", "exa", "parallel", "firecrawl"]).optional(),
  allowed_domains: domainList().optional(),
  blocked_domains: domainList().optional(),
  max_content_tokens: z.number().int().min(1).optional(),
  max_uses: z.number().int().min(1).optional(),
});

/** OpenAI Responses-style web search tool, converted by the gateway to openrouter:web_search. */
export const WEB_SEARCH_SHORTHAND_TYPES = [
  "web_search",
  "web_search_preview",
  "web_search_preview_2025_03_11",
  "web_search_2025_08_26",
] as const;

export const WebSearchShorthandToolSchema = z
  .looseObject({
    type: z.enum(WEB_SEARCH_SHORTHAND_TYPES),
    ...WEB_SEARCH_TOOL_FIELDS,
    parameters: WebSearchToolParametersSchema.optional(),
  })
  .superRefine(checkPerplexityCap, EVEN_WITH_OTHER_ISSUES);

export const ServerToolSchema = z.discriminatedUnion("type", [
  AdvisorServerToolSchema,
  BashServerToolSchema,
  DatetimeServerToolSchema,
  FilesServerToolSchema,
  FusionServerToolSchema,
  ImageGenerationServerToolSchema,
  SearchModelsServerToolSchema,
  SubagentServerToolSchema,
  WebFetchServerToolSchema,
  WebSearchServerToolSchema,
  WebSearchShorthandToolSchema,
]);
export type ServerTool = z.infer<typeof ServerToolSchema>;

export const ToolSchema = z.discriminatedUnion("type", [FunctionToolSchema, ServerToolSchema]);
export type Tool = z.infer<typeof ToolSchema>;

/** Every tool type the contract knows: "function" and each server tool's (shorthands included). */
export const KNOWN_TOOL_TYPES: readonly string[] = [
  "function",
  ...ServerToolSchema.options.flatMap((option) => [...(option.shape.type._zod.values ?? [])].map(String)),
];

/**
 * A tool of a request. Known kinds are checked against their schema; a kind the contract does not
 * know (the gateway added it, and a preset made elsewhere carries it) passes through as it is, so
 * opening and saving such a preset neither refuses nor drops it. The gateway judges it.
 */
export const RequestToolSchema = tolerantByType(ToolSchema, KNOWN_TOOL_TYPES);
export type RequestTool = z.infer<typeof RequestToolSchema>;

export const NamedToolChoiceSchema = z.looseObject({
  type: z.literal("function"),
  function: z.looseObject({ name: z.string().min(1) }),
});

/** Forces a server tool by its type, e.g. {"type": "openrouter:web_search"}. */
export const ServerToolChoiceSchema = z.looseObject({
  type: z
    .string()
    .min(1)
    .refine((value) => value !== "function", {
      message: 'must name a server tool; to force a function use {"type":"function","function":{"name":...}}',
    }),
});

export const ToolChoiceSchema = z.union([
  z.enum(["none", "auto", "required"]),
  NamedToolChoiceSchema,
  ServerToolChoiceSchema,
]);
export type ToolChoice = z.infer<typeof ToolChoiceSchema>;

// ---------------------------------------------------------------------------------------------
// Response format, reasoning, prediction, stop conditions

export const JsonSchemaConfigSchema = z.looseObject({
  name: functionName(),
  description: z.string().optional(),
  schema: z.record(z.string(), z.unknown()).optional(),
  strict: z.boolean().nullable().optional(),
});

export const ResponseFormatSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("text") }),
  z.looseObject({ type: z.literal("json_object") }),
  z.looseObject({ type: z.literal("json_schema"), json_schema: JsonSchemaConfigSchema }),
  z.looseObject({ type: z.literal("grammar"), grammar: z.string() }),
  z.looseObject({ type: z.literal("python") }),
]);
export type ResponseFormat = z.infer<typeof ResponseFormatSchema>;

export { REASONING_EFFORTS };
export const ReasoningEffortSchema = z.enum(REASONING_EFFORTS);
export type ReasoningEffort = z.infer<typeof ReasoningEffortSchema>;

export const ReasoningSchema = z.looseObject({
  effort: ReasoningEffortSchema.nullable().optional(),
  summary: z.enum(["auto", "concise", "detailed"]).nullable().optional(),
});
export type Reasoning = z.infer<typeof ReasoningSchema>;

export const PredictionSchema = z.looseObject({
  type: z.literal("content"),
  content: z.union([
    z.string(),
    z.array(z.looseObject({ type: z.literal("text"), text: z.string() })),
  ]),
});
export type Prediction = z.infer<typeof PredictionSchema>;

export const StopConditionSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("step_count_is"), step_count: z.number().int().min(1) }),
  z.looseObject({ type: z.literal("has_tool_call"), tool_name: z.string().min(1) }),
  z.looseObject({ type: z.literal("max_tokens_used"), max_tokens: z.number().int().min(1) }),
  z.looseObject({ type: z.literal("max_cost"), max_cost_in_dollars: z.number().min(0) }),
  z.looseObject({ type: z.literal("finish_reason_is"), reason: z.string().min(1) }),
]);
export type StopCondition = z.infer<typeof StopConditionSchema>;

// ---------------------------------------------------------------------------------------------
// Provider preferences (contract 4.1.2: no additional properties)

export const QUANTIZATIONS = [
  "int4",
  "int8",
  "fp4",
  "mxfp4",
  "nvfp4",
  "fp6",
  "fp8",
  "mxfp8",
  "fp16",
  "bf16",
  "fp32",
  "unknown",
] as const;

export const PROVIDER_SORTS = ["price", "throughput", "latency", "exacto"] as const;

const percentileCutoffs = () =>
  z.looseObject({
    p50: z.number().nullable().optional(),
    p75: z.number().nullable().optional(),
    p90: z.number().nullable().optional(),
    p99: z.number().nullable().optional(),
  });

export const ProviderSortConfigSchema = z.looseObject({
  by: z.enum(PROVIDER_SORTS).nullable().optional(),
  partition: z.enum(["model", "none"]).nullable().optional(),
});

export const ProviderPreferencesSchema = z.strictObject({
  allow_fallbacks: z.boolean().nullable().optional(),
  require_parameters: z.boolean().nullable().optional(),
  data_collection: z.enum(["allow", "deny"]).nullable().optional(),
  zdr: z.boolean().nullable().optional(),
  enforce_distillable_text: z.boolean().nullable().optional(),
  order: z.array(z.string()).nullable().optional(),
  only: z.array(z.string()).nullable().optional(),
  ignore: z.array(z.string()).nullable().optional(),
  quantizations: z.array(z.enum(QUANTIZATIONS)).nullable().optional(),
  sort: z.union([z.enum(PROVIDER_SORTS), ProviderSortConfigSchema]).nullable().optional(),
  max_price: z
    .looseObject({
      prompt: z.string().optional(),
      completion: z.string().optional(),
      request: z.string().optional(),
      image: z.string().optional(),
      audio: z.string().optional(),
    })
    .optional(),
  preferred_max_latency: z.union([z.number(), percentileCutoffs()]).nullable().optional(),
  preferred_min_throughput: z.union([z.number(), percentileCutoffs()]).nullable().optional(),
});
export type ProviderPreferences = z.infer<typeof ProviderPreferencesSchema>;

// ---------------------------------------------------------------------------------------------
// Metadata (16 pairs, keys 64, values 512). Issues land on `metadata` itself so a form shows
// them beside the key/value editor; the message names the offending key.

export const MetadataSchema = z.record(z.string(), z.string()).superRefine((value, ctx) => {
  const entries = Object.entries(value);
  if (entries.length > LIMITS.metadataPairs) {
    ctx.addIssue({ code: "custom", message: `must have at most ${LIMITS.metadataPairs} pairs` });
  }
  for (const [key, item] of entries) {
    if (key.length > LIMITS.metadataKeyLength) {
      ctx.addIssue({
        code: "custom",
        message: `must have keys of at most ${LIMITS.metadataKeyLength} characters (key "${key.slice(0, 20)}…" has ${key.length})`,
      });
    }
    if (typeof item === "string" && item.length > LIMITS.metadataValueLength) {
      ctx.addIssue({
        code: "custom",
        message: `must have values of at most ${LIMITS.metadataValueLength} characters (value of "${key}" has ${item.length})`,
      });
    }
  }
}, EVEN_WITH_OTHER_ISSUES);

// ---------------------------------------------------------------------------------------------
// The request

export const SERVICE_TIERS = ["auto", "default", "fast", "flex", "priority", "scale"] as const;

export const ChatRequestSchema = z
  .looseObject({
    messages: z.array(MessageSchema).min(1),
    model: z.string().optional(),
    models: z.array(z.string()).optional(),
    stream: z.boolean().optional(),
    stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
    temperature: nullableNumber(0, 2),
    top_p: nullableNumber(0, 1),
    top_k: nullableInt(),
    top_a: nullableNumber(),
    min_p: nullableNumber(),
    frequency_penalty: nullableNumber(-2, 2),
    presence_penalty: nullableNumber(-2, 2),
    repetition_penalty: nullableNumber(),
    max_tokens: nullableInt(),
    max_completion_tokens: nullableInt(),
    logit_bias: z.record(z.string(), z.number()).nullable().optional(),
    logprobs: z.boolean().nullable().optional(),
    top_logprobs: z.number().int().min(0).max(LIMITS.topLogprobsMax).nullable().optional(),
    seed: nullableInt(),
    stop: z
      .union([z.string(), z.array(z.string()).max(LIMITS.stopSequences)])
      .nullable()
      .optional(),
    parallel_tool_calls: z.boolean().nullable().optional(),
    tools: z.array(RequestToolSchema).optional(),
    tool_choice: ToolChoiceSchema.optional(),
    response_format: ResponseFormatSchema.optional(),
    modalities: z.array(z.enum(["text", "image", "audio"])).optional(),
    reasoning: ReasoningSchema.optional(),
    reasoning_effort: ReasoningEffortSchema.nullable().optional(),
    service_tier: z.enum(SERVICE_TIERS).nullable().optional(),
    prediction: PredictionSchema.nullable().optional(),
    cache_control: CacheControlSchema.optional(),
    prompt_cache_key: z.string().nullable().optional(),
    prompt_cache_options: PromptCacheOptionsSchema.nullable().optional(),
    session_id: z.string().max(LIMITS.sessionIdLength).optional(),
    metadata: MetadataSchema.optional(),
    user: z.string().optional(),
    image_config: z
      .record(z.string(), z.union([z.string(), z.number(), z.array(z.unknown())]))
      .optional(),
    debug: z.looseObject({ echo_upstream_body: z.boolean().optional() }).optional(),
    trace: z
      .looseObject({
        trace_id: z.string().optional(),
        trace_name: z.string().optional(),
        span_name: z.string().optional(),
        generation_name: z.string().optional(),
        parent_span_id: z.string().optional(),
      })
      .optional(),
    stop_server_tools_when: z.array(StopConditionSchema).min(1).optional(),
    route: z.enum(["fallback", "sort"]).nullable().optional(),
    provider: ProviderPreferencesSchema.nullable().optional(),
    plugins: z.array(PluginSchema).optional(),
  })
  .superRefine((request, ctx) => {
    // Runs even when other fields failed, so guard every access.
    const shorthand = request.reasoning_effort;
    const reasoning: unknown = request.reasoning;
    const effort = isRecord(reasoning) ? reasoning.effort : undefined;
    if (
      typeof shorthand === "string" &&
      typeof effort === "string" &&
      shorthand !== effort
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["reasoning_effort"],
        message: `must equal reasoning.effort when both are given (got "${shorthand}" and "${effort}")`,
      });
    }
  }, EVEN_WITH_OTHER_ISSUES);

export type ChatRequest = z.infer<typeof ChatRequestSchema>;
/** What a form holds before parsing; identical to ChatRequest today because no field transforms. */
export type ChatRequestInput = z.input<typeof ChatRequestSchema>;
