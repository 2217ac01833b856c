import { describe, expect, it } from "vitest";
import { QuestionSetSchema } from "@/lib/evaluations/questions";
import { draftFromRows, emptyRow, nextKey, pageOf, placeIssues, removeRow, rowsFromDraft, ROWS_PER_PAGE, updateRow } from "./draft";

const ROWS = QuestionSetSchema.parse([
  { question: "What is WAL?", expected: "write-ahead log", tags: ["db", "pg"], allowed_domains: ["postgresql.org"], time_sensitive: true },
  { question: "Who wrote SICP?" },
  // Its own checks and vars are not edited in the form: a save keeps them.
  { question: "Weather in {{city}}?", checks: ["contains:sun", "expected-terms"], vars: { city: "Paris" } },
]);

describe("question-set draft", () => {
  it("turns stored rows into form rows and back unchanged", () => {
    const draft = draftFromRows(ROWS);
    expect(draft[0]).toEqual({ key: 0, question: "What is WAL?", expected: "write-ahead log", tags: "db; pg", domains: "postgresql.org", timeSensitive: true });
    expect(QuestionSetSchema.parse(rowsFromDraft(draft))).toEqual(ROWS);
  });

  it("reads list cells as the CSV import does and leaves a blank expected out", () => {
    const rows = rowsFromDraft([{ ...emptyRow(0), question: "Q", expected: "  ", tags: " a ;b,, c ", domains: "go.dev;" }]);
    expect(rows).toEqual([{ question: "Q", tags: ["a", "b", "c"], allowed_domains: ["go.dev"], time_sensitive: false }]);
  });

  it("edits, adds and removes rows by key, keeping the others as they were", () => {
    const draft = draftFromRows(ROWS.slice(0, 2));
    const edited = updateRow(draft, 1, { question: "Who wrote TAOCP?" });
    expect(edited[1].question).toBe("Who wrote TAOCP?");
    expect(edited[0]).toBe(draft[0]);
    const added = [...edited, emptyRow(nextKey(edited))];
    expect(added.map((row) => row.key)).toEqual([0, 1, 2]);
    const removed = removeRow(added, 1);
    expect(removed.map((row) => row.key)).toEqual([0, 2]);
    expect(nextKey(removed)).toBe(3);
    expect(nextKey([])).toBe(0);
  });

  it("pages rows", () => {
    expect(pageOf(0)).toBe(0);
    expect(pageOf(ROWS_PER_PAGE - 1)).toBe(0);
    expect(pageOf(ROWS_PER_PAGE)).toBe(1);
  });

  it("places the API's issues on the row and field they name, worded with the field's label", () => {
    const draft = removeRow(draftFromRows([...ROWS, ...ROWS]), 0);
    const placed = placeIssues(draft, [
      { path: "rows[0].question", message: "rows[0].question is required" },
      { path: "rows[2].allowed_domains[1]", message: "rows[2].allowed_domains[1] must be a hostname" },
      { path: "rows[2].allowed_domains[3]", message: 'rows[2].allowed_domains[3]: "a/b" must be a hostname' },
      { path: "rows", message: "rows must have at most 10000 items" },
      { path: "rows[99].question", message: "out of range" },
      { path: "name", message: "name must not be empty" },
    ]);
    // Row index 0 is the row with key 1 once key 0 was removed.
    expect(placed.byRow.get(1)).toEqual({ question: "Question is required" });
    expect(placed.byRow.get(3)).toEqual({ allowed_domains: 'Allowed domains (item 2) must be a hostname; Allowed domains (item 4) "a/b" must be a hostname' });
    expect(placed.rows).toEqual([1, 3]);
    expect(placed.other).toEqual(["rows must have at most 10000 items", "out of range", "name must not be empty"]);
  });
});
