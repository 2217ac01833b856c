import { describe, expect, it } from "vitest";
import { pruneRequest, storedPreview, versionToRequest } from "./form-values";

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
