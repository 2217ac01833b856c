import { describe, expect, it } from "vitest";
import { compareAnswersHref, compareEditToParams, presetCompareSetup, sharedQuestion, tryPresetHref, versionRequest } from "./preset-compare";
import { addColumn, parseSetup, readSearch, setupFromParams, updateColumn, writeConversation, writeSearch } from "./setup";
import { validateRequest } from "./validate-request";

// The seeded web-research preset's first two versions: they differ only in the web plugin's max_results.
const SYSTEM = "You are a careful research assistant. Answer from the sources you find and cite every claim.";
const v1 = { version: 1, config: { model: "gatehouse/scholar", temperature: 0.2, plugins: [{ id: "web", max_results: 3 }] }, system_prompt: SYSTEM };
const v2 = { version: 2, config: { model: "gatehouse/scholar", temperature: 0.2, plugins: [{ id: "web", max_results: 8 }] }, system_prompt: SYSTEM };
const QUESTION = "What is keyset pagination?";

describe("links", () => {
  it("a comparison link names the preset, the two versions and the question", () => {
    const href = compareAnswersHref({ slug: "web-research", from: 1, to: 2, question: "What is keyset pagination? & more" });
    const url = new URL(href, "http://localhost");
    expect(url.pathname).toBe("/playground");
    expect(url.searchParams.get("preset")).toBe("web-research");
    expect(url.searchParams.get("versions")).toBe("1..2");
    expect(url.searchParams.get("prompt")).toBe("What is keyset pagination? & more");
    expect(new URL(compareAnswersHref({ slug: "x", from: 3, to: 1 }), "http://localhost").searchParams.has("prompt")).toBe(false);
  });

  it("the try link opens one column with @preset/<slug> as the model", () => {
    const url = new URL(tryPresetHref("web-research"), "http://localhost");
    const setup = setupFromParams({ model: url.searchParams.get("model"), prompt: url.searchParams.get("prompt") });
    expect(setup.columns).toHaveLength(1);
    expect(setup.columns[0].request.model).toBe("@preset/web-research");
  });
});

describe("presetCompareSetup", () => {
  const setup = presetCompareSetup(v1, v2, QUESTION);

  it("expands each version into an explicit request with the same question", () => {
    expect(setup.columns.map((column) => column.label)).toEqual(["v1", "v2"]);
    const [a, b] = setup.columns.map((column) => column.request);
    expect(a.model).toBe("gatehouse/scholar");
    expect(a.instructions).toBe(SYSTEM);
    expect(a.temperature).toBe(0.2);
    expect(readSearch(a)).toMatchObject({ mode: "plugin", maxResults: 3 });
    expect(readSearch(b)).toMatchObject({ mode: "plugin", maxResults: 8 });
    expect(a.input).toEqual(b.input);
    expect(sharedQuestion(setup)).toBe(QUESTION);
    for (const request of [a, b]) expect(validateRequest(request)).toEqual([]);
  });

  it("keeps only the conversation in sync, so editing the question never erases the difference in search", () => {
    expect(setup.sync).toEqual({ conversation: true, search: false, output: false });
    const edited = updateColumn(setup, "a", writeConversation(setup.columns[0].request, [{ role: "user", text: "Why is OFFSET slow?" }]));
    expect(sharedQuestion(edited)).toBe("Why is OFFSET slow?");
    expect(readSearch(edited.columns[1].request).maxResults).toBe(8);
  });

  it("lists the config fields a request cannot carry", () => {
    const { dropped } = versionRequest({ config: { model: "m", stop: ["\n\n"], temperature: 1 }, system_prompt: "" }, QUESTION);
    expect(dropped.map((entry) => entry.field)).toEqual(["stop"]);
  });
});

describe("compareEditToParams", () => {
  const setup = presetCompareSetup(v1, v2, QUESTION);

  it("a new question keeps the short link", () => {
    const next = updateColumn(setup, "b", writeConversation(setup.columns[1].request, [{ role: "user", text: "Cursor pagination?" }]));
    expect(compareEditToParams(next, v1, v2)).toEqual({ prompt: "Cursor pagination?" });
  });

  it("any other edit stores the whole setup, which reopens as edited", () => {
    const searchEdit = updateColumn(setup, "a", writeSearch(setup.columns[0].request, { mode: "plugin", maxResults: 5 }));
    const params = compareEditToParams(searchEdit, v1, v2);
    expect(params).toHaveProperty("setup");
    const reopened = parseSetup((params as { setup: string }).setup)!;
    expect(readSearch(reopened.columns[0].request).maxResults).toBe(5);
    expect(reopened.columns[0].label).toBe("v1");

    expect(compareEditToParams(addColumn(setup), v1, v2)).toHaveProperty("setup");
    const twoTurns = updateColumn(
      setup,
      "a",
      writeConversation(setup.columns[0].request, [
        { role: "user", text: QUESTION },
        { role: "assistant", text: "An answer." },
      ]),
    );
    expect(compareEditToParams(twoTurns, v1, v2)).toHaveProperty("setup");
  });
});
