import { describe, expect, it } from "vitest";
import {
  CacheControlSchema,
  ChatRequestSchema,
  ContentPartSchema,
  MessageSchema,
  PluginSchema,
  PredictionSchema,
  PromptCacheOptionsSchema,
  ProviderPreferencesSchema,
  ReasoningSchema,
  ResponseFormatSchema,
  StopConditionSchema,
  ToolChoiceSchema,
  ToolSchema,
  MetadataSchema,
} from "./chat-request";
import { issuePaths, issuesOf } from "./test-fixtures/issues";
import { REFERENCE_EXAMPLES } from "./test-fixtures/reference-examples";

const user = { role: "user", content: "Hello!" } as const;
const base = { messages: [user] };
const withBody = (patch: Record<string, unknown>) => ({ ...base, ...patch });

const pairs = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, "v"]));
const strings = (count: number) => Array.from({ length: count }, (_, index) => `s${index}`);
const fn = (name: string) => ({ type: "function", function: { name } });
const plugin = (patch: Record<string, unknown>) => ({ plugins: [patch] });

/** [label, accepted body patch at the boundary, rejected patch just past it, path named]. */
const LIMIT_CASES: Array<[string, Record<string, unknown>, Record<string, unknown>, string]> = [
  ["messages min 1", { messages: [user] }, { messages: [] }, "messages"],
  ["temperature min 0", { temperature: 0 }, { temperature: -0.01 }, "temperature"],
  ["temperature max 2", { temperature: 2 }, { temperature: 2.01 }, "temperature"],
  ["top_p min 0", { top_p: 0 }, { top_p: -0.01 }, "top_p"],
  ["top_p max 1", { top_p: 1 }, { top_p: 1.01 }, "top_p"],
  ["frequency_penalty min -2", { frequency_penalty: -2 }, { frequency_penalty: -2.01 }, "frequency_penalty"],
  ["frequency_penalty max 2", { frequency_penalty: 2 }, { frequency_penalty: 2.01 }, "frequency_penalty"],
  ["presence_penalty min -2", { presence_penalty: -2 }, { presence_penalty: -2.01 }, "presence_penalty"],
  ["presence_penalty max 2", { presence_penalty: 2 }, { presence_penalty: 2.01 }, "presence_penalty"],
  ["top_logprobs min 0", { top_logprobs: 0 }, { top_logprobs: -1 }, "top_logprobs"],
  ["top_logprobs max 20", { top_logprobs: 20 }, { top_logprobs: 21 }, "top_logprobs"],
  ["top_logprobs integer", { top_logprobs: 5 }, { top_logprobs: 5.5 }, "top_logprobs"],
  ["stop at most 4", { stop: strings(4) }, { stop: strings(5) }, "stop"],
  ["stop string", { stop: "\n" }, { stop: 4 }, "stop"],
  ["metadata at most 16 pairs", { metadata: pairs(16) }, { metadata: pairs(17) }, "metadata"],
  ["metadata key at most 64", { metadata: { ["k".repeat(64)]: "v" } }, { metadata: { ["k".repeat(65)]: "v" } }, "metadata"],
  ["metadata value at most 512", { metadata: { k: "v".repeat(512) } }, { metadata: { k: "v".repeat(513) } }, "metadata"],
  ["session_id at most 256", { session_id: "s".repeat(256) }, { session_id: "s".repeat(257) }, "session_id"],
  ["function name at most 64", { tools: [fn("f".repeat(64))] }, { tools: [fn("f".repeat(65))] }, "tools[0].function.name"],
  ["function name characters", { tools: [fn("get_weather-2")] }, { tools: [fn("get weather")] }, "tools[0].function.name"],
  ["function name required", { tools: [fn("a")] }, { tools: [{ type: "function", function: {} }] }, "tools[0].function.name"],
  ["stop_server_tools_when min 1", { stop_server_tools_when: [{ type: "step_count_is", step_count: 3 }] }, { stop_server_tools_when: [] }, "stop_server_tools_when"],
  ["auto-router cost_quality_tradeoff min 0", plugin({ id: "auto-router", cost_quality_tradeoff: 0 }), plugin({ id: "auto-router", cost_quality_tradeoff: -1 }), "plugins[0].cost_quality_tradeoff"],
  ["auto-router cost_quality_tradeoff max 10", plugin({ id: "auto-router", cost_quality_tradeoff: 10 }), plugin({ id: "auto-router", cost_quality_tradeoff: 11 }), "plugins[0].cost_quality_tradeoff"],
  ["auto-router cost_quality_tradeoff integer", plugin({ id: "auto-router", cost_quality_tradeoff: 7 }), plugin({ id: "auto-router", cost_quality_tradeoff: 7.5 }), "plugins[0].cost_quality_tradeoff"],
  ["auto-beta-router cost_quality_tradeoff min 0", plugin({ id: "auto-beta-router", cost_quality_tradeoff: 0 }), plugin({ id: "auto-beta-router", cost_quality_tradeoff: -1 }), "plugins[0].cost_quality_tradeoff"],
  ["auto-beta-router cost_quality_tradeoff max 10", plugin({ id: "auto-beta-router", cost_quality_tradeoff: 10 }), plugin({ id: "auto-beta-router", cost_quality_tradeoff: 11 }), "plugins[0].cost_quality_tradeoff"],
  ["pareto min_coding_score min 0", plugin({ id: "pareto-router", min_coding_score: 0 }), plugin({ id: "pareto-router", min_coding_score: -0.01 }), "plugins[0].min_coding_score"],
  ["pareto min_coding_score max 1", plugin({ id: "pareto-router", min_coding_score: 1 }), plugin({ id: "pareto-router", min_coding_score: 1.01 }), "plugins[0].min_coding_score"],
  ["fusion analysis_models min 1", plugin({ id: "fusion", analysis_models: strings(1) }), plugin({ id: "fusion", analysis_models: [] }), "plugins[0].analysis_models"],
  ["fusion analysis_models max 8", plugin({ id: "fusion", analysis_models: strings(8) }), plugin({ id: "fusion", analysis_models: strings(9) }), "plugins[0].analysis_models"],
  ["fusion max_tool_calls min 1", plugin({ id: "fusion", max_tool_calls: 1 }), plugin({ id: "fusion", max_tool_calls: 0 }), "plugins[0].max_tool_calls"],
  ["fusion max_tool_calls max 16", plugin({ id: "fusion", max_tool_calls: 16 }), plugin({ id: "fusion", max_tool_calls: 17 }), "plugins[0].max_tool_calls"],
  ["fusion tools max 8", plugin({ id: "fusion", tools: strings(8).map((type) => ({ type })) }), plugin({ id: "fusion", tools: strings(9).map((type) => ({ type })) }), "plugins[0].tools"],
  ["web max_results min 1", plugin({ id: "web", max_results: 1 }), plugin({ id: "web", max_results: 0 }), "plugins[0].max_results"],
  ["web max_results max 25", plugin({ id: "web", max_results: 25 }), plugin({ id: "web", max_results: 26 }), "plugins[0].max_results"],
  ["web max_results max 25 (exa)", plugin({ id: "web", engine: "exa", max_results: 25 }), plugin({ id: "web", engine: "exa", max_results: 26 }), "plugins[0].max_results"],
  ["web max_results max 20 (perplexity)", plugin({ id: "web", engine: "perplexity", max_results: 20 }), plugin({ id: "web", engine: "perplexity", max_results: 21 }), "plugins[0].max_results"],
  ["web_search tool max_results max 20 (perplexity)", { tools: [{ type: "openrouter:web_search", parameters: { engine: "perplexity", max_results: 20 } }] }, { tools: [{ type: "openrouter:web_search", parameters: { engine: "perplexity", max_results: 21 } }] }, "tools[0].parameters.max_results"],
  ["reasoning_effort equals reasoning.effort", { reasoning_effort: "high", reasoning: { effort: "high" } }, { reasoning_effort: "low", reasoning: { effort: "high" } }, "reasoning_effort"],
  ["response_format json_schema requires json_schema", { response_format: { type: "json_schema", json_schema: { name: "answer" } } }, { response_format: { type: "json_schema" } }, "response_format.json_schema"],
  ["response_format json_schema requires a name", { response_format: { type: "json_schema", json_schema: { name: "a" } } }, { response_format: { type: "json_schema", json_schema: { schema: {} } } }, "response_format.json_schema.name"],
  ["response_format grammar requires grammar", { response_format: { type: "grammar", grammar: "root ::= \"y\"" } }, { response_format: { type: "grammar" } }, "response_format.grammar"],
  ["response_format grammar is a string", { response_format: { type: "grammar", grammar: "" } }, { response_format: { type: "grammar", grammar: 1 } }, "response_format.grammar"],
  ["response_format type known", { response_format: { type: "python" } }, { response_format: { type: "yaml" } }, "response_format.type"],
  ["prediction requires content", { prediction: { type: "content", content: "x" } }, { prediction: { type: "content" } }, "prediction.content"],
  ["prediction requires type", { prediction: { type: "content", content: [{ type: "text", text: "x" }] } }, { prediction: { content: "x" } }, "prediction.type"],
  ["cache_control requires type", { cache_control: { type: "ephemeral", ttl: "1h" } }, { cache_control: { ttl: "1h" } }, "cache_control.type"],
  ["cache_control ttl 5m or 1h", { cache_control: { type: "ephemeral", ttl: "5m" } }, { cache_control: { type: "ephemeral", ttl: "10m" } }, "cache_control.ttl"],
  ["prompt_cache_options requires mode", { prompt_cache_options: { mode: "explicit", ttl: null } }, { prompt_cache_options: { ttl: "5m" } }, "prompt_cache_options.mode"],
  ["provider has no additional properties", { provider: { order: ["openai"] } }, { provider: { order: ["openai"], speed: "fast" } }, "provider.speed"],
  ["provider.order is an array", { provider: { order: null } }, { provider: { order: "openai" } }, "provider.order"],
  ["plugin id known", plugin({ id: "moderation" }), plugin({ id: "telepathy" }), "plugins[0].id"],
];

describe("ChatRequestSchema limits", () => {
  it.each(LIMIT_CASES)("%s", (_label, accepted, rejected, path) => {
    expect(issuePaths(ChatRequestSchema, withBody(accepted))).toEqual([]);
    expect(issuePaths(ChatRequestSchema, withBody(rejected))).toContain(path);
  });

  it("names the field and the limit in plain English", () => {
    const messages = (patch: Record<string, unknown>) =>
      issuesOf(ChatRequestSchema, withBody(patch)).map((issue) => issue.message);
    expect(messages({ temperature: 3 })).toEqual(["temperature must be at most 2"]);
    expect(messages({ top_logprobs: 21 })).toEqual(["top_logprobs must be at most 20"]);
    expect(messages({ stop: strings(5) })).toEqual(["stop must have at most 4 items"]);
    expect(messages({ session_id: "s".repeat(257) })).toEqual(["session_id must be at most 256 characters"]);
    expect(messages({ metadata: pairs(17) })).toEqual(["metadata must have at most 16 pairs"]);
    expect(messages(plugin({ id: "web", engine: "perplexity", max_results: 21 }))).toEqual([
      "plugins[0].max_results must be at most 20 when engine is perplexity",
    ]);
    expect(messages({ messages: [] })).toEqual(["messages must have at least 1 item"]);
  });

  it("reports every failing field of one body, each on its own path", () => {
    const paths = issuePaths(ChatRequestSchema, {
      messages: [{ role: "user" }],
      temperature: 5,
      stop: strings(6),
      metadata: pairs(20),
      tools: [fn("ok"), fn("not ok")],
      provider: { order: ["a"], colour: "red" },
      plugins: [{ id: "moderation" }, { id: "web", max_results: 99 }],
      reasoning_effort: "low",
      reasoning: { effort: "none" },
    });
    expect(paths).toEqual(
      expect.arrayContaining([
        "messages[0].content",
        "temperature",
        "stop",
        "metadata",
        "tools[1].function.name",
        "provider.colour",
        "plugins[1].max_results",
        "reasoning_effort",
      ]),
    );
    expect(paths).toHaveLength(8);
  });

  it("accepts nulls where the contract allows them", () => {
    const body = withBody({
      temperature: null,
      top_p: null,
      top_k: null,
      stop: null,
      logit_bias: null,
      reasoning_effort: null,
      service_tier: null,
      prediction: null,
      prompt_cache_key: null,
      prompt_cache_options: null,
      route: null,
      provider: null,
      stream_options: null,
    });
    expect(issuePaths(ChatRequestSchema, body)).toEqual([]);
  });

  it("keeps unknown top-level fields because the gateway ignores them", () => {
    const parsed = ChatRequestSchema.parse(withBody({ prompt: "ignored", future_field: { a: 1 } }));
    expect(parsed.prompt).toBe("ignored");
    expect(parsed.future_field).toEqual({ a: 1 });
  });

  it("refuses a body that is not an object", () => {
    expect(issuePaths(ChatRequestSchema, null)).toEqual([""]);
    expect(issuePaths(ChatRequestSchema, "messages")).toEqual([""]);
  });

  it("discriminates messages by role", () => {
    const roles = ["system", "user", "developer", "assistant", "tool"];
    const parsed = ChatRequestSchema.parse({
      messages: [
        { role: "system", content: [{ type: "text", text: "Be brief." }] },
        { role: "user", content: [{ type: "image_url", image_url: { url: "https://x/y.png" } }] },
        { role: "developer", content: "Use metric units." },
        { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }] },
        { role: "tool", content: "42", tool_call_id: "c1" },
      ],
    });
    expect(parsed.messages.map((m) => m.role)).toEqual(roles);
    expect(issuePaths(ChatRequestSchema, { messages: [{ role: "tool", content: "42" }] })).toEqual([
      "messages[0].tool_call_id",
    ]);
    expect(issuePaths(ChatRequestSchema, { messages: [{ role: "oracle", content: "?" }] })).toEqual([
      "messages[0].role",
    ]);
    // System content only takes text parts.
    expect(
      issuePaths(ChatRequestSchema, {
        messages: [{ role: "system", content: [{ type: "image_url", image_url: { url: "u" } }] }],
      }),
    ).toEqual(["messages[0].content[0].type"]);
  });

  it("accepts every server tool kind and tool choice form", () => {
    const tools = [
      { type: "openrouter:advisor" },
      { type: "openrouter:bash" },
      { type: "openrouter:datetime" },
      { type: "openrouter:files" },
      { type: "openrouter:fusion" },
      { type: "openrouter:image_generation" },
      { type: "openrouter:experimental__search_models" },
      { type: "openrouter:subagent" },
      { type: "openrouter:web_fetch" },
      { type: "openrouter:web_search", parameters: { engine: "exa", max_results: 5 } },
      { type: "web_search" },
    ];
    expect(issuePaths(ChatRequestSchema, withBody({ tools }))).toEqual([]);
    for (const choice of ["none", "auto", "required", { type: "function", function: { name: "f" } }, { type: "openrouter:web_search" }]) {
      expect(issuePaths(ToolChoiceSchema, choice)).toEqual([]);
    }
    expect(issuePaths(ToolChoiceSchema, "sometimes")).toEqual([""]);
    // A kind the contract does not know passes through as it is (the gateway judges it) ...
    const unknown = { type: "openrouter:teleport", parameters: { to: ["moon", null] } };
    expect(ChatRequestSchema.parse(withBody({ tools: [unknown] })).tools).toEqual([unknown]);
    // ... while a known kind is still checked against its schema.
    expect(issuePaths(ChatRequestSchema, withBody({ tools: [{ type: "openrouter:web_fetch", parameters: { max_uses: 0 } }] }))).toEqual([
      "tools[0].parameters.max_uses",
    ]);
  });

  it("accepts the stop condition kinds of the reference", () => {
    const conditions = [
      { type: "step_count_is", step_count: 5 },
      { type: "max_cost", max_cost_in_dollars: 0.5 },
      { type: "has_tool_call", tool_name: "finalize" },
      { type: "max_tokens_used", max_tokens: 10000 },
      { type: "finish_reason_is", reason: "length" },
    ];
    expect(issuePaths(ChatRequestSchema, withBody({ stop_server_tools_when: conditions }))).toEqual([]);
    expect(
      issuePaths(ChatRequestSchema, withBody({ stop_server_tools_when: [{ type: "max_cost" }] })),
    ).toEqual(["stop_server_tools_when[0].max_cost_in_dollars"]);
  });

  it("checks metadata values are strings, naming the key", () => {
    expect(issuePaths(MetadataSchema, { a: 1 })).toEqual(["a"]);
    expect(issuePaths(ChatRequestSchema, withBody({ metadata: { user: 7 } }))).toEqual(["metadata.user"]);
  });
});

describe("reference examples parse", () => {
  const groups = [
    ["chatRequest", ChatRequestSchema],
    ["message", MessageSchema],
    ["contentPart", ContentPartSchema],
    ["plugin", PluginSchema],
    ["tool", ToolSchema],
    ["toolChoice", ToolChoiceSchema],
    ["responseFormat", ResponseFormatSchema],
    ["prediction", PredictionSchema],
    ["promptCacheOptions", PromptCacheOptionsSchema],
    ["cacheControl", CacheControlSchema],
    ["providerPreferences", ProviderPreferencesSchema],
    ["stopCondition", StopConditionSchema],
    ["reasoning", ReasoningSchema],
    ["metadata", MetadataSchema],
  ] as const;

  it.each(groups)("%s", (group, schema) => {
    const examples = REFERENCE_EXAMPLES[group];
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      expect(issuesOf(schema, example)).toEqual([]);
    }
  });

  it("covers every plugin id of 4.1.3", () => {
    const ids = REFERENCE_EXAMPLES.plugin.map((example) => (example as { id: string }).id).sort();
    expect(ids).toEqual([
      "auto-beta-router",
      "auto-router",
      "context-compression",
      "file-parser",
      "fusion",
      "moderation",
      "pareto-router",
      "response-healing",
      "web",
      "web-fetch",
    ]);
  });
});

describe("domain filter lists are bounded (security issue #12)", () => {
  const domains = (count: number, length = 11) => Array.from({ length: count }, (_, i) => `${i}.`.padEnd(length - 4, "a") + ".com");
  const homes: Array<[string, (list: string[]) => Record<string, unknown>, string]> = [
    ["web plugin include_domains", (list) => plugin({ id: "web", include_domains: list }), "plugins[0].include_domains"],
    ["web plugin exclude_domains", (list) => plugin({ id: "web", exclude_domains: list }), "plugins[0].exclude_domains"],
    ["web-fetch plugin allowed_domains", (list) => plugin({ id: "web-fetch", allowed_domains: list }), "plugins[0].allowed_domains"],
    ["web-fetch plugin blocked_domains", (list) => plugin({ id: "web-fetch", blocked_domains: list }), "plugins[0].blocked_domains"],
    ["web_search tool allowed_domains", (list) => ({ tools: [{ type: "openrouter:web_search", parameters: { allowed_domains: list } }] }), "tools[0].parameters.allowed_domains"],
    ["web_search tool excluded_domains", (list) => ({ tools: [{ type: "openrouter:web_search", parameters: { excluded_domains: list } }] }), "tools[0].parameters.excluded_domains"],
    ["web_search shorthand allowed_domains", (list) => ({ tools: [{ type: "web_search", allowed_domains: list }] }), "tools[0].allowed_domains"],
    ["web_fetch tool blocked_domains", (list) => ({ tools: [{ type: "openrouter:web_fetch", parameters: { blocked_domains: list } }] }), "tools[0].parameters.blocked_domains"],
  ];

  it.each(homes)("%s: at most 100 entries of at most 512 characters", (_label, body, path) => {
    expect(issuePaths(ChatRequestSchema, withBody(body(domains(100, 512))))).toEqual([]);
    expect(issuePaths(ChatRequestSchema, withBody(body(domains(101))))).toContain(path);
    expect(issuePaths(ChatRequestSchema, withBody(body(["ok.com", "x".repeat(513)])))).toContain(`${path}[1]`);
  });

  it("says which limit was passed", () => {
    const messages = (patch: Record<string, unknown>) => issuesOf(ChatRequestSchema, withBody(patch)).map((issue) => issue.message);
    expect(messages(plugin({ id: "web", include_domains: domains(101) }))).toEqual(["plugins[0].include_domains must have at most 100 items"]);
    expect(messages(plugin({ id: "web", exclude_domains: ["*".repeat(513)] }))).toEqual(["plugins[0].exclude_domains[0] must be at most 512 characters"]);
  });
});
