import { ChatRequestSchema, ResponsesRequestSchema } from "@/lib/contract/gateway";
import { extractPresetConfig } from "@/lib/presets/extract-config";
import { presetToResponsesRequest } from "@/lib/presets/to-responses-request";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../search/corpus";
import { WebSearchIndex } from "../search/web-search";
import { DEMO_PRESETS } from "../seed/demo-presets";
import { applyPreset, presetReferenceOf, PresetReferenceError, uniteTools } from "./apply-preset";
import { composeAnswer } from "./compose";
import { planResponse } from "./plan";

describe("presetReferenceOf", () => {
  it("reads the three syntaxes and leaves a plain model alone", () => {
    expect(presetReferenceOf({ model: "@preset/support" })).toEqual({ slug: "support", field: "model", model: undefined, version: null });
    expect(presetReferenceOf({ model: "gatehouse/swift:online@preset/support" })).toEqual({ slug: "support", field: "model", model: "gatehouse/swift:online", version: null });
    expect(presetReferenceOf({ model: "gatehouse/swift", preset: "support" })).toEqual({ slug: "support", field: "preset", model: "gatehouse/swift", version: null });
    expect(presetReferenceOf({ preset: "support" })).toEqual({ slug: "support", field: "preset", model: undefined, version: null });
    expect(presetReferenceOf({ model: "@preset/support", preset: "support" })).toEqual({ slug: "support", field: "model", model: undefined, version: null });
    expect(presetReferenceOf({ model: "gatehouse/swift" })).toBeNull();
    // "@<n>" pins a version (our extension), with or without a fixed model.
    expect(presetReferenceOf({ model: "@preset/web-research@2" })).toEqual({ slug: "web-research", field: "model", model: undefined, version: 2 });
    expect(presetReferenceOf({ model: "gatehouse/swift@preset/web-research@12" })).toEqual({ slug: "web-research", field: "model", model: "gatehouse/swift", version: 12 });
  });

  it("refuses an invalid slug and two different presets, naming the field", () => {
    const fieldOf = (request: { model?: string; preset?: string }) => {
      try {
        presetReferenceOf(request);
      } catch (error) {
        if (error instanceof PresetReferenceError) return error.field;
      }
      return null;
    };
    expect(fieldOf({ model: "@preset/" })).toBe("model");
    expect(fieldOf({ model: "@preset/a/b" })).toBe("model");
    expect(fieldOf({ model: "@preset/a", preset: "b" })).toBe("preset");
    for (const bad of ["@preset/a@", "@preset/a@0", "@preset/a@x", "@preset/a@1.5", "@preset/a@1234567890"]) expect(fieldOf({ model: bad }), bad).toBe("model");
  });
});

describe("uniteTools", () => {
  const fn = (name: string, tag = "") => ({ type: "function", name, description: tag });
  it("keeps the preset's order, replaces same-identity tools in place and appends the rest", () => {
    const preset = [fn("a", "preset"), { type: "openrouter:web_search", parameters: { max_results: 2 } }, fn("b", "preset")];
    const request = [fn("c"), { type: "web_search", max_results: 5 }, fn("a", "request"), fn("a", "again")];
    expect(uniteTools(preset, request)).toEqual([
      fn("a", "request"),
      { type: "web_search", max_results: 5 },
      fn("b", "preset"),
      fn("c"),
      fn("a", "again"),
    ]);
    expect(uniteTools([], [fn("x")])).toEqual([fn("x")]);
    expect(uniteTools([fn("x")], [])).toEqual([fn("x")]);
  });
});

describe("applyPreset", () => {
  it("merges shallowly, with absent and null request fields leaving the preset's value", () => {
    const request = ResponsesRequestSchema.parse({
      preset: "p",
      input: "hi",
      temperature: null,
      reasoning: { summary: "auto" },
      stream: true,
    });
    const merged = applyPreset(request, { slug: "p", field: "preset", model: undefined, version: null }, {
      model: "gatehouse/scholar",
      temperature: 0.2,
      reasoning: { effort: "low" },
      instructions: "From the preset.",
    });
    expect(merged).toEqual({
      model: "gatehouse/scholar",
      temperature: 0.2,
      reasoning: { summary: "auto" },
      instructions: "From the preset.",
      input: "hi",
      stream: true,
    });
    expect("preset" in merged).toBe(false);
  });
});

describe("seeded web-research versions", () => {
  // What "Compare answers" runs: each version expanded into an explicit request, with the preset's
  // own model (Scholar), asked the preset's own question.
  const index = new WebSearchIndex(loadCorpus("fixed"));
  const versions = DEMO_PRESETS.find((preset) => preset.slug === "web-research")!.versions;
  const citedBy = (version: number, question: string) => {
    const { config, system_prompt } = extractPresetConfig(ChatRequestSchema.parse(versions[version - 1].request));
    const { fields } = presetToResponsesRequest({ config, system_prompt });
    const plan = planResponse(ResponsesRequestSchema.parse({ ...fields, input: question }));
    const answer = composeAnswer({ model: plan.model, query: plan.query, hits: index.search(plan.query, plan.webSearch!) });
    return new Set(answer.annotations.map((annotation) => annotation.url));
  };

  it.each(["What is keyset pagination?", "keyset pagination versus offset", "cursor pagination for an API"])(
    "cite different sources for %j: v1 (max_results 3) at most 3, v2 (8) more, v3 none under *.example.net",
    (question) => {
      const [v1, v2, v3] = [citedBy(1, question), citedBy(2, question), citedBy(3, question)];
      expect(v1.size).toBeLessThanOrEqual(3);
      expect(v2.size).toBeGreaterThan(v1.size);
      expect([...v2].some((url) => !v1.has(url))).toBe(true);
      expect([...v3].some((url) => new URL(url).hostname.endsWith(".example.net"))).toBe(false);
      expect(v3.size).toBeGreaterThan(3);
    },
  );
});
