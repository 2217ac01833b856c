import { describe, expect, it } from "vitest";
import { chooseDiffSide, DEFAULT_VIEW, listParams, parseView, sortBy, toggleFilter, writeView } from "./url-state";

const view = (query: string) => parseView(new URLSearchParams(query));

describe("results view in the URL", () => {
  it("reads filters, tag, sort, direction, open question and tab", () => {
    expect(view("filter=citations,failed&tag=news&sort=v1.cost&dir=desc&q=12&tab=domains")).toEqual({
      filters: ["failed", "citations"],
      tag: "news",
      sort: { column: "cost", version: 1 },
      dir: "desc",
      question: 12,
      tab: "domains",
      diff: null,
      scoring: 1,
    });
  });

  it("falls back to the default for anything malformed, so a hand-edited link still opens", () => {
    expect(view("filter=bogus,,failed&sort=v9.cost&dir=sideways&q=-1&tab=nope")).toEqual({ ...DEFAULT_VIEW, filters: ["failed"] });
    expect(view("sort=v1.answer").sort).toEqual({ column: "question" });
    expect(view("sort=x1.cost").sort).toEqual({ column: "question" });
    expect(view("q=1e3").question).toBeNull();
    expect(view("q=99999999").question).toBeNull();
    expect(view(`tag=${"t".repeat(100)}`).tag).toHaveLength(40);
  });

  it("writes the same string for the same view whatever the order the filters were picked in, defaults left out", () => {
    const a = toggleFilter(toggleFilter(DEFAULT_VIEW, "errors"), "failed");
    const b = toggleFilter(toggleFilter(DEFAULT_VIEW, "failed"), "errors");
    expect(writeView(a).toString()).toBe("filter=failed%2Cerrors");
    expect(writeView(a).toString()).toBe(writeView(b).toString());
    expect(writeView(DEFAULT_VIEW).toString()).toBe("");
  });

  it("round-trips every part and keeps parameters it does not own", () => {
    const full = view("filter=differ,same-answer&tag=a&sort=v2.changed&dir=desc&q=0&tab=domains");
    const written = writeView(full, new URLSearchParams("other=1"));
    expect(written.get("other")).toBe("1");
    expect(parseView(written)).toEqual(full);
  });

  it("toggles a filter off again", () => {
    expect(toggleFilter(toggleFilter(DEFAULT_VIEW, "citations"), "citations").filters).toEqual([]);
  });

  it("sorts a new column ascending and flips the same column", () => {
    const byCost = sortBy(DEFAULT_VIEW, { column: "cost", version: 1 });
    expect(byCost).toMatchObject({ sort: { column: "cost", version: 1 }, dir: "asc" });
    expect(sortBy(byCost, { column: "cost", version: 1 }).dir).toBe("desc");
    expect(sortBy(sortBy(byCost, { column: "cost", version: 1 }), { column: "cost", version: 0 }).dir).toBe("asc");
  });

  it("keeps the scoring shown in the address (?scoring=2), 1 left out, a malformed one read as 1", () => {
    expect(view("scoring=3").scoring).toBe(3);
    expect(writeView({ ...DEFAULT_VIEW, scoring: 2 }).toString()).toBe("scoring=2");
    expect(writeView({ ...DEFAULT_VIEW, scoring: 1 }).toString()).toBe("");
    for (const bad of ["0", "-1", "1e3", "99999", "x"]) expect(view(`scoring=${bad}`).scoring).toBe(1);
    expect(listParams({ ...DEFAULT_VIEW, scoring: 2 }).scoring).toBe(2);
  });

  it("maps the view onto the questions API's flags and sort", () => {
    expect(listParams(view("filter=citations,same-answer,errors,failed,differ&tag=x&sort=v1.latency&dir=desc"))).toEqual({
      flags: ["failed_any", "verdicts_differ", "citations_changed", "same_answer_different_sources", "error"],
      tag: "x",
      sort: "latency",
      sort_version: 1,
      dir: "desc",
      scoring: 1,
    });
    expect(listParams(DEFAULT_VIEW)).toEqual({ flags: [], tag: undefined, sort: "index", sort_version: 0, dir: "asc", scoring: 1 });
  });

  it("keeps the citation diff's pair in the URL, refusing a version against itself or past the fourth", () => {
    expect(view("diff=0-2").diff).toEqual({ base: 0, against: 2 });
    expect(writeView({ ...DEFAULT_VIEW, diff: { base: 3, against: 1 } }).toString()).toBe("diff=3-1");
    for (const bad of ["1-1", "0-4", "02", "a-b", "0-1-2"]) expect(view(`diff=${bad}`).diff, bad).toBeNull();
  });

  it("swaps the pair when one side is given the other side's version", () => {
    expect(chooseDiffSide({ base: 0, against: 1 }, "against", 2)).toEqual({ base: 0, against: 2 });
    expect(chooseDiffSide({ base: 0, against: 1 }, "against", 0)).toEqual({ base: 1, against: 0 });
    expect(chooseDiffSide({ base: 0, against: 2 }, "base", 2)).toEqual({ base: 2, against: 0 });
  });
});
