import { describe, expect, it } from "vitest";
import { conflictRows, describeChange, diffJson, formatPath, jsonEqual, presetDocument, summarizeDiff, valueAt } from "./diff";

const lines = (before: unknown, after: unknown) => diffJson(before, after).map(describeChange);

describe("diffJson", () => {
  it("finds nothing between equal documents, whatever the key order", () => {
    expect(diffJson({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toEqual([]);
  });

  it("reports scalar changes, additions and removals with their paths", () => {
    expect(lines({ model: "a", temperature: 0.2, seed: 1 }, { model: "b", temperature: 0.2, top_p: 0.9 })).toEqual([
      'model: "a" -> "b"',
      "seed: removed (was 1)",
      "top_p: added 0.9",
    ]);
  });

  it("walks nested objects with dotted paths", () => {
    const changes = diffJson(
      { provider: { sort: "price", max_price: { prompt: "1" } } },
      { provider: { sort: "price", max_price: { prompt: "2", completion: "3" } } },
    );
    expect(changes.map((c) => [c.path, c.kind])).toEqual([
      ["provider.max_price.prompt", "changed"],
      ["provider.max_price.completion", "added"],
    ]);
  });

  it("tells null from absent", () => {
    expect(diffJson({}, { temperature: null })).toEqual([
      { path: "temperature", segments: ["temperature"], kind: "added", after: null },
    ]);
    expect(diffJson({ temperature: null }, {})).toEqual([
      { path: "temperature", segments: ["temperature"], kind: "removed", before: null },
    ]);
    expect(diffJson({ temperature: null }, { temperature: null })).toEqual([]);
    // An undefined property is absent, as JSON.stringify would have it.
    expect(diffJson({ temperature: undefined }, {})).toEqual([]);
    expect(diffJson({ temperature: null }, { temperature: 0.5 }).map((c) => c.kind)).toEqual(["changed"]);
  });

  it("reports a change of type without descending into it", () => {
    expect(diffJson({ stop: "END" }, { stop: ["END", "STOP"] })).toEqual([
      { path: "stop", segments: ["stop"], kind: "type-changed", before: "END", after: ["END", "STOP"] },
    ]);
    expect(lines({ response_format: { type: "text" } }, { response_format: "text" })).toEqual([
      'response_format: object {"type":"text"} -> string "text"',
    ]);
    expect(diffJson({ seed: 1 }, { seed: "1" })[0].kind).toBe("type-changed");
  });

  it("detects a reorder of a list of scalars", () => {
    expect(diffJson({ provider: { order: ["a", "b", "c"] } }, { provider: { order: ["c", "a", "b"] } })).toEqual([
      { path: "provider.order", segments: ["provider", "order"], kind: "reordered", before: ["a", "b", "c"], after: ["c", "a", "b"] },
    ]);
  });

  it("shows a scalar list whose items changed as one changed field", () => {
    const changes = diffJson({ stop: ["a", "b"] }, { stop: ["a", "b", "c"] });
    expect(changes.map((c) => [c.path, c.kind])).toEqual([["stop", "changed"]]);
    // Same length, same values but a duplicate swapped for another is a change, not a reorder.
    expect(diffJson({ x: ["a", "a", "b"] }, { x: ["a", "b", "b"] })[0].kind).toBe("changed");
    expect(diffJson({ x: [1, "1"] }, { x: ["1", 1] })[0].kind).toBe("reordered");
  });

  it("matches plugins by id and tools by name, so paths survive reorders", () => {
    const before = {
      plugins: [
        { id: "web", max_results: 5 },
        { id: "moderation" },
      ],
      tools: [
        { type: "function", function: { name: "get_weather", parameters: { type: "object" } } },
        { type: "openrouter:web_search" },
      ],
    };
    const after = {
      plugins: [
        { id: "moderation" },
        { id: "web", max_results: 10 },
        { id: "response-healing" },
      ],
      tools: [
        { type: "function", function: { name: "get_weather", parameters: { type: "object" }, strict: true } },
      ],
    };
    expect(lines(before, after)).toEqual([
      "plugins[web].max_results: 5 -> 10",
      'plugins[response-healing]: added {"id":"response-healing"}',
      'plugins: reordered ["web","moderation"] -> ["moderation","web","response-healing"]',
      "tools[get_weather].function.strict: added true",
      'tools[openrouter:web_search]: removed (was {"type":"openrouter:web_search"})',
    ]);
  });

  it("does not call it a reorder when an item is only added at the end", () => {
    const changes = diffJson({ plugins: [{ id: "web" }] }, { plugins: [{ id: "web" }, { id: "moderation" }] });
    expect(changes.map((c) => c.kind)).toEqual(["added"]);
  });

  it("falls back to positions when identities are missing or repeated", () => {
    const changes = diffJson(
      { stop_server_tools_when: [{ type: "step_count_is", step_count: 3 }, { type: "step_count_is", step_count: 5 }] },
      { stop_server_tools_when: [{ type: "step_count_is", step_count: 4 }] },
    );
    expect(changes.map((c) => [c.path, c.kind])).toEqual([
      ["stop_server_tools_when[0].step_count", "changed"],
      ["stop_server_tools_when[1]", "removed"],
    ]);
  });

  it("quotes keys and identities that are not plain names", () => {
    expect(diffJson({ metadata: { "team name": "a" } }, { metadata: { "team name": "b" } })[0].path).toBe('metadata["team name"]');
    expect(formatPath(["plugins", { id: "a.b" }, "x"])).toBe('plugins["a.b"].x');
    expect(formatPath(["tools", 0, "function"])).toBe("tools[0].function");
  });

  it("handles a whole document appearing or disappearing", () => {
    expect(diffJson(undefined, { a: 1 })[0].kind).toBe("added");
    expect(diffJson({ a: 1 }, undefined)[0].kind).toBe("removed");
    expect(diffJson(undefined, undefined)).toEqual([]);
  });
});

describe("summarizeDiff", () => {
  it("counts fields and names the kinds when they are mixed", () => {
    expect(summarizeDiff([])).toBe("No changes");
    expect(summarizeDiff(diffJson({ a: 1 }, { a: 2 }))).toBe("1 field changed");
    expect(summarizeDiff(diffJson({ a: 1, b: 1, c: 1 }, { a: 2, b: 2, c: "x" }))).toBe("3 fields changed");
    expect(summarizeDiff(diffJson({ a: 1, b: 1, o: [1, 2] }, { a: 2, c: 1, o: [2, 1] }))).toBe(
      "4 fields changed (1 added, 1 removed, 1 changed, 1 reordered)",
    );
  });
});

describe("presetDocument", () => {
  it("puts the system prompt beside the config so one diff covers both", () => {
    const v1 = presetDocument({ config: { model: "m", temperature: 0.2 }, system_prompt: "Be brief." });
    const v2 = presetDocument({ config: { model: "m", temperature: 0.7 }, system_prompt: "Be thorough." });
    expect(lines(v1, v2)).toEqual(['system_prompt: "Be brief." -> "Be thorough."', "temperature: 0.2 -> 0.7"]);
  });
});

describe("jsonEqual", () => {
  it("ignores key order and undefined members but not array order", () => {
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual(null, undefined)).toBe(false);
    expect(jsonEqual({ a: null }, {})).toBe(false);
  });
});

describe("conflictRows", () => {
  it("lists every field either side changed, with base, theirs and mine", () => {
    const base = { model: "a", temperature: 0.2, plugins: [{ id: "web", max_results: 5 }] };
    const theirs = { model: "b", temperature: 0.2, plugins: [{ id: "web", max_results: 8 }] };
    const mine = { model: "a", temperature: 0.9, plugins: [{ id: "web", max_results: 10 }] };
    const rows = conflictRows(base, theirs, mine);
    expect(rows.map((r) => [r.path, r.base, r.theirs, r.mine, r.theirsChanged, r.mineChanged, r.clash])).toEqual([
      ["model", "a", "b", "a", true, false, false],
      ["plugins[web].max_results", 5, 8, 10, true, true, true],
      ["temperature", 0.2, 0.2, 0.9, false, true, false],
    ]);
  });

  it("reads values through identity segments", () => {
    expect(valueAt({ tools: [{ type: "function", function: { name: "f", strict: true } }] }, ["tools", { id: "f" }, "function", "strict"])).toBe(true);
    expect(valueAt({ a: [1, 2] }, ["a", 5])).toBeUndefined();
  });
});
