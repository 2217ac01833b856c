import { describe, expect, it } from "vitest";
import {
  addColumn,
  defaultRequest,
  defaultSetup,
  firstIssueMessage,
  parseSetup,
  playgroundHref,
  readConversation,
  readModel,
  readSearch,
  searchLocation,
  serializeSetup,
  setSync,
  setupFromParams,
  updateColumn,
  writeConversation,
  writeModel,
  writeSearch,
  type RequestDraft,
} from "./setup";
import { validateRequest } from "./validate-request";

describe("setup in the URL", () => {
  it("round-trips through the setup parameter, without stream", () => {
    const setup = addColumn(defaultSetup("embedded/echo"));
    setup.columns[1] = { ...setup.columns[1], label: "Candidate", request: { ...setup.columns[1].request, model: "@preset/support", stream: true } };
    const parsed = parseSetup(serializeSetup(setup));
    expect(parsed?.columns.map((c) => [c.id, c.label, c.request.model, c.request.stream])).toEqual([
      ["a", undefined, "embedded/echo", undefined],
      ["b", "Candidate", "@preset/support", undefined],
    ]);
    expect(parsed?.sync).toEqual(setup.sync);
  });

  it("rejects garbage and keeps out-of-range values for the editor to flag", () => {
    expect(parseSetup("not json")).toBeNull();
    expect(parseSetup(JSON.stringify({ columns: [] }))).toBeNull();
    expect(parseSetup(JSON.stringify({ columns: Array(5).fill({ request: {} }) }))).toBeNull();
    const parsed = parseSetup(JSON.stringify({ columns: [{ request: { model: "m", input: "hi", max_output_tokens: -3 } }] }));
    expect(parsed?.columns[0].request.max_output_tokens).toBe(-3);
    expect(validateRequest(parsed!.columns[0].request).map((i) => i.path)).toContain("max_output_tokens");
  });

  it("refuses a value whose shape is off anywhere, as a whole", () => {
    const column = { id: "a", label: "v1", request: { model: "m" } };
    expect(parseSetup(JSON.stringify({ columns: [column], sync: { search: false } }))?.sync).toEqual({ conversation: true, search: false, output: true });
    expect(parseSetup(JSON.stringify([column]))).toBeNull();
    expect(parseSetup(JSON.stringify({ columns: [{ ...column, id: "" }] }))).toBeNull();
    expect(parseSetup(JSON.stringify({ columns: [{ ...column, id: "123456789" }] }))).toBeNull();
    expect(parseSetup(JSON.stringify({ columns: [{ ...column, label: "x".repeat(81) }] }))).toBeNull();
    expect(parseSetup(JSON.stringify({ columns: [{ ...column, label: 3 }] }))).toBeNull();
    expect(parseSetup(JSON.stringify({ columns: [{ ...column, request: [] }] }))).toBeNull();
    expect(parseSetup(JSON.stringify({ columns: [{ ...column, request: null }] }))).toBeNull();
    expect(parseSetup(JSON.stringify({ columns: [column], sync: { search: "no" } }))).toBeNull();
    expect(parseSetup(JSON.stringify({ columns: [column], sync: null }))).toBeNull();
    // Keys the setup does not know are dropped, not carried into the next link.
    expect(parseSetup(JSON.stringify({ columns: [column], sync: { output: false, extra: 1 } }))?.sync).toEqual({ conversation: true, search: true, output: false });
  });

  it("makes ids unique", () => {
    const parsed = parseSetup(JSON.stringify({ columns: [{ id: "a", request: {} }, { id: "a", request: {} }] }));
    expect(parsed?.columns.map((c) => c.id)).toEqual(["a", "b"]);
  });

  it("builds links for other pages: full requests, or model=@preset/<slug> shorthand", () => {
    const href = playgroundHref({ columns: [{ request: defaultRequest("@preset/a"), label: "v1" }, { request: defaultRequest("@preset/a"), label: "v2" }] });
    const setup = setupFromParams({ setup: new URL(href, "http://x").searchParams.get("setup") });
    expect(setup.columns.map((c) => c.label)).toEqual(["v1", "v2"]);
    const short = setupFromParams({ model: "@preset/support", prompt: "Hello" });
    expect(short.columns[0].request.model).toBe("@preset/support");
    expect(readConversation(short.columns[0].request)).toEqual([{ role: "user", text: "Hello" }]);
  });
});

describe("conversation", () => {
  it("reads strings and message items, writes input_text and output_text with citations", () => {
    expect(readConversation({ model: "m", input: "hi" })).toEqual([{ role: "user", text: "hi" }]);
    const annotations = [{ type: "url_citation", url: "https://a.example", start_index: 0, end_index: 2 }];
    const request = writeConversation({ model: "m", input: "" }, [
      { role: "user", text: "Q" },
      { role: "assistant", text: "A!", annotations },
    ]);
    expect(request.input).toEqual([
      { type: "message", role: "user", content: [{ type: "input_text", text: "Q" }] },
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "A!", annotations }] },
    ]);
    expect(readConversation(request)).toEqual([
      { role: "user", text: "Q" },
      { role: "assistant", text: "A!", annotations },
    ]);
    expect(validateRequest(request)).toEqual([]);
  });
});

describe("web search settings", () => {
  it("switches between the server tool, the deprecated plugin and :online, keeping the other tools", () => {
    const base: RequestDraft = { model: "x/m", input: "q", tools: [{ type: "function", name: "f" }] };
    const tool = writeSearch({ ...base }, { mode: "tool", engine: "exa", maxResults: 7, includeDomains: ["*.example.com"], excludeDomains: [] });
    expect(tool.tools).toEqual([{ type: "function", name: "f" }, { type: "openrouter:web_search", parameters: { engine: "exa", max_results: 7, allowed_domains: ["*.example.com"] } }]);
    expect(readSearch(tool)).toMatchObject({ mode: "tool", engine: "exa", maxResults: 7, includeDomains: ["*.example.com"] });
    expect(searchLocation(tool).path).toBe("tools[1].parameters");

    const plugin = writeSearch(tool, { mode: "plugin", engine: "auto", maxResults: 3, excludeDomains: ["spam.example"] });
    expect(plugin.plugins).toEqual([{ id: "web", max_results: 3, exclude_domains: ["spam.example"] }]);
    expect(plugin.tools).toEqual([{ type: "function", name: "f" }]);
    expect(readSearch(plugin)).toMatchObject({ mode: "plugin", maxResults: 3, excludeDomains: ["spam.example"] });

    const online = writeSearch(plugin, { mode: "online" });
    expect(online.model).toBe("x/m:online");
    expect(online.plugins).toBeUndefined();
    expect(readModel(online)).toBe("x/m");
    expect(writeModel(online, "y/n").model).toBe("y/n:online");

    const off = writeSearch(online, { mode: "off" });
    expect(off.model).toBe("x/m");
    expect(readSearch(off).mode).toBe("off");
  });

  it("validates inline with the shared schema: max_results caps, handles, dates", () => {
    const over = writeSearch(defaultRequest("m"), { mode: "tool", maxResults: 26 });
    expect(firstIssueMessage(validateRequest(over), "tools[0].parameters.max_results")).toMatch(/25/);
    const perplexity = writeSearch(defaultRequest("m"), { mode: "plugin", engine: "perplexity", maxResults: 21 });
    expect(firstIssueMessage(validateRequest(perplexity), "plugins[0].max_results")).toMatch(/20/);
    expect(validateRequest(writeSearch(defaultRequest("m"), { mode: "plugin", engine: "perplexity", maxResults: 20 }))).toEqual([]);

    const handles = Array.from({ length: 21 }, (_, i) => `h${i}`);
    const filter = { ...defaultRequest("x-ai/grok-4"), x_search_filter: { allowed_x_handles: handles } };
    expect(firstIssueMessage(validateRequest(filter), "x_search_filter.allowed_x_handles")).toBeDefined();
    const both = { ...defaultRequest("x-ai/grok-4"), x_search_filter: { allowed_x_handles: ["a"], excluded_x_handles: ["b"] } };
    expect(firstIssueMessage(validateRequest(both), "x_search_filter.excluded_x_handles")).toMatch(/allowed_x_handles/);
    const dates = { ...defaultRequest("x-ai/grok-4"), x_search_filter: { from_date: "2025-02-01", to_date: "2025-01-01" } };
    expect(firstIssueMessage(validateRequest(dates), "x_search_filter.to_date")).toBeDefined();
  });
});

describe("sync across columns", () => {
  it("mirrors synced sections and leaves the others alone", () => {
    let setup = addColumn(defaultSetup("m1"));
    setup = updateColumn(setup, "b", { ...setup.columns[1].request, model: "m2" });
    expect(setup.columns.map((c) => c.request.model)).toEqual(["m1", "m2"]);
    setup = updateColumn(setup, "a", writeConversation(setup.columns[0].request, [{ role: "user", text: "new question" }]));
    expect(readConversation(setup.columns[1].request)).toEqual([{ role: "user", text: "new question" }]);
    setup = setSync(setup, "search", false);
    setup = updateColumn(setup, "b", writeSearch(setup.columns[1].request, { mode: "plugin", maxResults: 2 }));
    expect(readSearch(setup.columns[0].request).mode).toBe("tool");
    setup = setSync(setup, "search", true);
    expect(readSearch(setup.columns[1].request).mode).toBe("tool");
    expect(setup.columns[1].request.model).toBe("m2");
  });
});
