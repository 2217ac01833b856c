import { describe, expect, it } from "vitest";
import { importQuestions } from "@/lib/evaluations/question-import";
import { formatFromFileName } from "@/lib/evaluations/question-file-format";
import { importReportOf, setNameOf } from "./import-report";

describe("import report", () => {
  it("reads the rows lib/evaluations' import refused, counting those not listed", async () => {
    const lines = ["question,time_sensitive", ...Array.from({ length: 130 }, (_, index) => `Q${index},maybe`)];
    const result = await importQuestions(lines.join("\n"), "csv");
    if (result.ok) throw new Error("expected the import to fail");
    const report = importReportOf({ errors: result.errors, error_count: result.error_count });
    expect(report?.errors[0]).toEqual({ line: 2, field: "time_sensitive", message: expect.any(String) });
    expect(report).toMatchObject({ errorCount: 130, more: 30 });
    expect(report?.errors).toHaveLength(100);
  });

  it("is null for a refusal that names no rows", async () => {
    expect(importReportOf(null)).toBeNull();
    expect(importReportOf({ issues: [{ path: "name", message: "name must not be empty" }] })).toBeNull();
    expect(importReportOf({ errors: [{ line: "2" }] })).toBeNull();
    expect(importReportOf({ errors: [] })).toBeNull();
  });

  it("takes the listed count when error_count is missing or smaller", async () => {
    expect(importReportOf({ errors: [{ line: 1, field: "file", message: "is empty" }] })).toMatchObject({ errorCount: 1, more: 0 });
  });

  it("knows the format and a name from the file's name", async () => {
    expect(formatFromFileName("Set.CSV")).toBe("csv");
    expect(formatFromFileName("set.ndjson")).toBe("jsonl");
    expect(formatFromFileName("set.xlsx")).toBeNull();
    expect(setNameOf("web questions.v2.jsonl")).toBe("web questions.v2");
    expect(setNameOf(".csv")).toBe("Imported questions");
  });
});
