import { describe, expect, it } from "vitest";
import { ChatRequestSchema } from "@/lib/contract/gateway";
import { validateRequest } from "./form-resolver";
import { pruneRequest, storedFieldsOf, storedPreview, versionToRequest } from "./form-values";

describe("pruneRequest", () => {
  it("drops cleared fields and objects whose every member was cleared", () => {
    expect(
      pruneRequest({
        model: "m",
        temperature: undefined,
        top_k: Number.NaN,
        reasoning: { effort: undefined, summary: undefined },
        provider: { sort: "price", only: undefined },
        image_config: {},
        seed: null,
      }),
    ).toEqual({ model: "m", provider: { sort: "price" }, image_config: {}, seed: null });
  });

  it("drops the empty lists the editor's row editors hold, but not empty lists inside values", () => {
    expect(pruneRequest({ tools: [], plugins: [], stop_server_tools_when: [], plugins2: [], provider: { order: [] } })).toEqual({
      plugins2: [],
      provider: { order: [] },
    });
  });
});

describe("versionToRequest and storedPreview", () => {
  it("round-trip a stored version through the editor unchanged", () => {
    const version = { config: { model: "m", temperature: 0.3, plugins: [{ id: "web", max_results: 3 }] }, system_prompt: "You are terse." };
    const preview = storedPreview(versionToRequest(version));
    expect(preview.config).toEqual(version.config);
    expect(preview.system_prompt).toBe(version.system_prompt);
    expect(preview.ignored_fields).toEqual(["messages"]);
  });

  it("lists the fields the gateway will ignore", () => {
    const preview = storedPreview({ model: "m", messages: [{ role: "system", content: "x" }], metadata: { a: "b" }, stream: true, session_id: "s" });
    expect(preview.config).toEqual({ model: "m", metadata: { a: "b" } });
    expect(preview.ignored_fields).toEqual(["messages", "stream", "session_id"]);
  });
});

describe("a preset made elsewhere, with fields and tools the editor does not know", () => {
  const version = {
    config: {
      model: "m",
      verbosity: "low",
      tools: [
        { type: "function", function: { name: "lookup", parameters: { type: "object" } } },
        { type: "mcp", server_label: "docs", headers: { "x-team": "a" }, allowed_tools: null },
        { type: "openrouter:code_sandbox", parameters: { limits: { cpu: 2, tags: ["a", null] } } },
      ],
      tool_choice: { type: "openrouter:code_sandbox" },
    },
    system_prompt: "Be precise.",
  };

  it("round-trips config -> form values -> saved config, keeping unknown fields and tools verbatim", () => {
    const values = versionToRequest(version);
    // The editor's resolver lets it be saved ...
    expect(validateRequest(values)).toEqual([]);
    // ... the request it sends (the BFF parses it with the same schema) carries every unknown part ...
    const sent = ChatRequestSchema.parse(pruneRequest(values));
    expect(sent.tools).toEqual(version.config.tools);
    expect((sent as Record<string, unknown>).verbosity).toBe("low");
    // ... and the stored config it previews is the one it opened.
    const preview = storedPreview(values, storedFieldsOf(version));
    expect(preview.config).toEqual(version.config);
    expect(preview.system_prompt).toBe(version.system_prompt);
    expect(preview.ignored_fields).toEqual(["messages"]);
  });

  it("still checks a known tool kind against its schema", () => {
    const values = versionToRequest({ config: { model: "m", tools: [{ type: "function", function: { name: "has space" } }] }, system_prompt: null });
    expect(validateRequest(values).map((issue) => issue.path)).toEqual(["tools[0].function.name"]);
  });
});
