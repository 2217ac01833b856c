import { describe, expect, it } from "vitest";
import { ChatRequestSchema, ResponsesRequestSchema } from "@/lib/contract/gateway";
import { DEMO_PRESETS } from "@/lib/embedded-gateway/seed/demo-presets";
import { extractPresetConfig, PRESET_CONFIG_FIELDS } from "./extract-config";
import { presetToResponsesRequest } from "./to-responses-request";

/** A version as the gateway stores it: the chat request through the same validation and extraction. */
function versionOf(request: Record<string, unknown>) {
  const { config, system_prompt } = extractPresetConfig(ChatRequestSchema.parse({ messages: [{ role: "user", content: "hi" }], ...request }));
  return { config, system_prompt };
}

const expand = (request: Record<string, unknown>, systemPrompt?: string) => {
  const version = versionOf(request);
  return presetToResponsesRequest({ ...version, system_prompt: systemPrompt ?? version.system_prompt });
};

describe("presetToResponsesRequest", () => {
  it("keeps what the responses request shares: model, models, sampling, plugins (the web plugin too), provider", () => {
    const shared = {
      model: "gatehouse/scholar",
      models: ["gatehouse/scholar", "gatehouse/swift"],
      temperature: 0.2,
      top_p: 0.9,
      top_k: 40,
      frequency_penalty: 0.5,
      presence_penalty: -0.5,
      plugins: [{ id: "web", engine: "exa", max_results: 8, exclude_domains: ["*.example.net"] }],
      provider: { sort: "latency", allow_fallbacks: true },
      metadata: { team: "research" },
      service_tier: "flex",
    };
    const { fields, dropped } = expand(shared);
    expect(fields).toEqual(shared);
    expect(dropped).toEqual([]);
  });

  it("turns the system prompt into instructions, and leaves instructions out for an empty one", () => {
    const withPrompt = presetToResponsesRequest(
      versionOf({ model: "m", messages: [{ role: "system", content: "Be brief." }, { role: "system", content: "Cite." }, { role: "user", content: "hi" }] }),
    );
    expect(withPrompt.fields.instructions).toBe("Be brief.\n\nCite.");
    expect("instructions" in presetToResponsesRequest(versionOf({ model: "m" })).fields).toBe(false);
    expect("instructions" in presetToResponsesRequest({ config: { model: "m" }, system_prompt: null }).fields).toBe(false);
  });

  it("gives max_output_tokens from max_completion_tokens, or from max_tokens when that is the only one", () => {
    expect(expand({ max_tokens: 512 }).fields.max_output_tokens).toBe(512);
    const both = expand({ max_tokens: 512, max_completion_tokens: 300 });
    expect(both.fields.max_output_tokens).toBe(300);
    expect(both.dropped).toEqual([{ field: "max_tokens", reason: expect.stringContaining("max_completion_tokens") }]);
    expect("max_tokens" in both.fields || "max_completion_tokens" in both.fields).toBe(false);
  });

  it("flattens function tools and a named tool choice; copies server tools such as openrouter:web_search", () => {
    const { fields } = expand({
      tools: [
        { type: "function", function: { name: "lookup", description: "Find a ticket", parameters: { type: "object" }, strict: true }, cache_control: { type: "ephemeral" } },
        { type: "openrouter:web_search", parameters: { max_results: 3, allowed_domains: ["docs.example.com"] } },
        { type: "openrouter:datetime" },
      ],
      tool_choice: { type: "function", function: { name: "lookup" } },
    });
    expect(fields.tools).toEqual([
      { type: "function", name: "lookup", description: "Find a ticket", parameters: { type: "object" }, strict: true },
      { type: "openrouter:web_search", parameters: { max_results: 3, allowed_domains: ["docs.example.com"] } },
      { type: "openrouter:datetime" },
    ]);
    expect(fields.tool_choice).toEqual({ type: "function", name: "lookup" });
    expect(expand({ tool_choice: "required" }).fields.tool_choice).toBe("required");
    expect(expand({ tool_choice: { type: "openrouter:web_search" } }).fields.tool_choice).toEqual({ type: "openrouter:web_search" });
  });

  it("folds reasoning_effort into reasoning, and maps response_format onto text.format", () => {
    expect(expand({ reasoning_effort: "low" }).fields.reasoning).toEqual({ effort: "low" });
    expect(expand({ reasoning: { summary: "auto" }, reasoning_effort: "high" }).fields.reasoning).toEqual({ summary: "auto", effort: "high" });
    expect(expand({ reasoning: { effort: "low", summary: "concise" } }).fields.reasoning).toEqual({ effort: "low", summary: "concise" });
    expect(expand({ response_format: { type: "json_object" } }).fields.text).toEqual({ format: { type: "json_object" } });
    expect(
      expand({ response_format: { type: "json_schema", json_schema: { name: "ticket", schema: { type: "object" }, strict: true } } }).fields.text,
    ).toEqual({ format: { type: "json_schema", name: "ticket", schema: { type: "object" }, strict: true } });
    const grammar = expand({ response_format: { type: "grammar", grammar: "root ::= x" } });
    expect(grammar.fields.text).toBeUndefined();
    expect(grammar.dropped.map((d) => d.field)).toEqual(["response_format"]);
  });

  it("lists the fields without a responses counterpart instead of passing them on", () => {
    const { fields, dropped } = expand({ model: "m", stop: ["\n\n\n"], seed: 7, logit_bias: { "50256": -100 }, top_a: 0.1, min_p: 0.05, repetition_penalty: 1.1, logprobs: true, modalities: ["audio"] });
    expect(Object.keys(fields)).toEqual(["model"]);
    expect(dropped.map((d) => d.field).sort()).toEqual(["logit_bias", "logprobs", "min_p", "modalities", "repetition_penalty", "seed", "stop", "top_a"]);
    for (const entry of dropped) expect(entry.reason.length).toBeGreaterThan(10);
    expect(expand({ modalities: ["text", "audio"] }).fields.modalities).toEqual(["text"]);
  });

  it("drops a stored value the responses schema refuses, saying which and why, instead of failing every request", () => {
    const { fields, dropped } = presetToResponsesRequest({ config: { model: "m", max_tokens: 0, temperature: 0.4 }, system_prompt: "" });
    expect(fields).toEqual({ model: "m", temperature: 0.4 });
    expect(dropped).toEqual([{ field: "max_tokens", reason: expect.stringMatching(/^max_output_tokens would be refused: /) }]);
  });

  it("has a decision for every stored config field, and its output always passes the responses schema", () => {
    // Odd values on purpose: whatever a field's rule does with them, none may be unknown to the mapping.
    const everyField = Object.fromEntries(PRESET_CONFIG_FIELDS.map((field) => [field, 1]));
    const reasons = presetToResponsesRequest({ config: everyField }).dropped.map((entry) => entry.reason);
    expect(reasons).not.toContain("not a preset config field");
    expect(presetToResponsesRequest({ config: Object.fromEntries(PRESET_CONFIG_FIELDS.map((field) => [field, null])) })).toEqual({ fields: {}, dropped: [] });
    expect(presetToResponsesRequest({ config: { future_field: 1 } }).dropped).toEqual([{ field: "future_field", reason: "not a preset config field" }]);

    for (const preset of DEMO_PRESETS) {
      for (const { request } of preset.versions) {
        const { fields } = presetToResponsesRequest(versionOf(request as Record<string, unknown>));
        expect(ResponsesRequestSchema.safeParse({ ...fields, input: "hi" }).success, preset.slug).toBe(true);
      }
    }
  });

  it("expands the seeded web-research versions into requests that differ only where the versions do", () => {
    const [v1, v2, v3] = DEMO_PRESETS.find((p) => p.slug === "web-research")!.versions.map(({ request }) => presetToResponsesRequest(versionOf(request as Record<string, unknown>)).fields);
    expect(v1).toEqual({
      model: "gatehouse/scholar",
      temperature: 0.2,
      plugins: [{ id: "web", max_results: 3 }],
      instructions: "You are a careful research assistant. Answer from the sources you find and cite every claim.",
    });
    expect(v2).toEqual({ ...v1, plugins: [{ id: "web", max_results: 8 }] });
    expect(v3.plugins).toEqual([{ id: "web", engine: "exa", max_results: 8, exclude_domains: ["*.example.net"] }]);
  });
});
