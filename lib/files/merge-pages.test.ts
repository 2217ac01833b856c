import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPageMerger, mergePages, nextCursor, type CursorPage } from "./merge-pages";

type Item = { id: string; n: number };

function page(ids: string[], cursor: string | null = null): CursorPage<Item> {
  return { data: ids.map((id, n) => ({ id, n })), has_more: cursor !== null, cursor };
}

describe("mergePages", () => {
  it("flattens pages in order", () => {
    const { rows, duplicates } = mergePages([page(["a", "b"], "c1"), page(["c", "d"])]);
    expect(rows.map((r) => r.id)).toEqual(["a", "b", "c", "d"]);
    expect(duplicates).toBe(0);
  });

  it("keeps the first occurrence when a later page repeats an id (the list shifted between requests)", () => {
    const { rows, duplicates } = mergePages([page(["a", "b", "c"], "c1"), page(["c", "d"], "c2"), page(["a", "e"])]);
    expect(rows.map((r) => r.id)).toEqual(["a", "b", "c", "d", "e"]);
    expect(rows[2].n).toBe(2);
    expect(duplicates).toBe(2);
  });

  it("handles no pages and empty pages", () => {
    expect(mergePages([]).rows).toEqual([]);
    expect(mergePages([page([]), page(["a"])]).rows.map((r) => r.id)).toEqual(["a"]);
  });

  it("matches a Set-based reference for any split of any id sequence", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 12 }), { maxLength: 8 }), (pageIds) => {
        const pages = pageIds.map((ids) => page(ids.map(String)));
        const expected = [...new Set(pageIds.flat().map(String))];
        const { rows, duplicates } = mergePages(pages);
        expect(rows.map((r) => r.id)).toEqual(expected);
        expect(duplicates).toBe(pageIds.flat().length - expected.length);
      }),
    );
  });
});

describe("createPageMerger", () => {
  it("appends only the new pages when the list grew, giving a new array each time", () => {
    const merge = createPageMerger<Item>();
    const p1 = page(["a", "b"], "c1");
    const p2 = page(["b", "c"], "c2");
    const p3 = page(["d"]);
    const first = merge([p1]);
    const second = merge([p1, p2]);
    const third = merge([p1, p2, p3]);
    expect(first.rows.map((r) => r.id)).toEqual(["a", "b"]);
    expect(second.rows.map((r) => r.id)).toEqual(["a", "b", "c"]);
    expect(third.rows.map((r) => r.id)).toEqual(["a", "b", "c", "d"]);
    expect(third.duplicates).toBe(1);
    // Earlier results are not mutated by later merges (React relies on that).
    expect(first.rows.map((r) => r.id)).toEqual(["a", "b"]);
    expect(second.rows).not.toBe(third.rows);
  });

  it("returns the same result for the same pages", () => {
    const merge = createPageMerger<Item>();
    const pages = [page(["a"])];
    expect(merge(pages)).toBe(merge(pages));
    expect(merge([...pages])).toBe(merge(pages));
  });

  it("rebuilds when an earlier page changed (a delete), without leaking the removed id", () => {
    const merge = createPageMerger<Item>();
    const p1 = page(["a", "b"], "c1");
    const p2 = page(["c"]);
    merge([p1, p2]);
    const after = merge([page(["a"], "c1"), p2]);
    expect(after.rows.map((r) => r.id)).toEqual(["a", "c"]);
    expect(after.duplicates).toBe(0);
  });

  it("agrees with a fresh merge over any growth sequence", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 10 }), { minLength: 1, maxLength: 8 }), (pageIds) => {
        const merge = createPageMerger<Item>();
        const pages: CursorPage<Item>[] = [];
        for (const ids of pageIds) {
          pages.push(page(ids.map(String)));
          const grown = merge([...pages]);
          expect(grown.rows.map((r) => r.id)).toEqual(mergePages(pages).rows.map((r) => r.id));
        }
      }),
    );
  });
});

describe("nextCursor", () => {
  it("follows the cursor while the gateway has more", () => {
    expect(nextCursor(page(["a"], "c1"), [], null, [null])).toBe("c1");
  });

  it("stops at the end", () => {
    expect(nextCursor(page(["a"]), [], "c1", [null, "c1"])).toBeUndefined();
  });

  it("stops when has_more comes without a cursor", () => {
    expect(nextCursor({ data: [], has_more: true, cursor: null }, [], null, [null])).toBeUndefined();
  });

  it("stops rather than loop when a cursor comes back again", () => {
    expect(nextCursor(page(["a"], "c1"), [], "c1", [null, "c1"])).toBeUndefined();
    expect(nextCursor(page(["a"], "c1"), [], "c2", [null, "c1", "c2"])).toBeUndefined();
  });
});

describe("internFileStrings", () => {
  it("keeps every value as it was, and passes values through once the cap is reached", async () => {
    const { internFileStrings, createInterner } = await import("./intern");
    const page = JSON.parse('{"data":[{"type":"file","mime_type":"application/pdf"},{"type":"file","mime_type":"application/pdf"}]}');
    internFileStrings(page);
    expect(page.data.map((f: { mime_type: string }) => f.mime_type)).toEqual(["application/pdf", "application/pdf"]);
    const intern = createInterner(1);
    expect(intern("a")).toBe("a");
    expect(intern("b")).toBe("b"); // over the cap: passed through, not stored
  });
});
