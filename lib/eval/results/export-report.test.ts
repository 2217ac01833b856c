import { describe, expect, it } from "vitest";
import { EVAL_EXPORT_COLUMNS, type EvalResultsSummary } from "@/lib/contract/bff/evaluation-results";
import { parseCsvRecords } from "./test-csv";
import { noiseFloor } from "./noise-floor";
import { questionRows } from "./question-rows";
import { mdCell, resultsReportMarkdown } from "./report-markdown";
import { exportResultsCsv, exportResultsJson } from "./results-export";
import { ItemGrid } from "./stored-item";
import { versionSummaries } from "./summary";
import { answered, failed, question } from "./test-items";

const versions = [
  { version_index: 0, id: "m/a", label: "Model | A", preset: null },
  { version_index: 1, id: "m/b", label: "Model B", preset: null },
];
const questions = [question("=HYPERLINK(\"http://evil\")", { tags: ["x", "y"] }), question('Quote " and, comma\nnewline')];
const grid = new ItemGrid(2, 2, [
  answered({ v: 0, q: 0 }, "+1 answer", { urls: ["https://a.com/1"], checks: [["contains:1", true]] }),
  answered({ v: 1, q: 0 }, "## Heading inside\n<script>alert(1)</script>", { urls: ["https://b.com/(x)"], checks: [["contains:1", false]] }),
  answered({ v: 0, q: 1 }, "-2", { checks: [["contains:1", false]] }),
  failed({ v: 1, q: 1 }, "@gateway down"),
]);
const header = { run_id: "run-1", set_id: "set-1", set_version: 2, status: "finished" as const, created_at: "2026-01-01T00:00:00Z", ended_at: null, repeats: 1, questions: 2, checks: ["contains:1"], revision: "r" };

describe("results export", () => {
  it("CSV: RFC 4180 quoting, CRLF, formula cells neutralised, one row per item", () => {
    const csv = exportResultsCsv(grid, questions, versions);
    expect(csv.endsWith("\r\n")).toBe(true);
    const records = parseCsvRecords(csv);
    expect(records[0]).toEqual([...EVAL_EXPORT_COLUMNS]);
    expect(records).toHaveLength(5);
    const row = (i: number) => Object.fromEntries(EVAL_EXPORT_COLUMNS.map((column, c) => [column, records[i][c]]));
    expect(row(1)).toMatchObject({ question: "'=HYPERLINK(\"http://evil\")", tags: "x; y", version: "Model | A", verdict: "passed", answer: "'+1 answer", cited_urls: "https://a.com/1" });
    expect(row(2)).toMatchObject({ verdict: "failed", failed_checks: "1" });
    expect(row(3)).toMatchObject({ question: 'Quote " and, comma\nnewline', answer: "'-2" });
    expect(row(4)).toMatchObject({ status: "failed", verdict: "error", error: "'@gateway down", answer: "" });
    // The raw text quotes the cell with the line break and doubles its quote.
    expect(csv).toContain('"Quote "" and, comma\nnewline"');
  });

  it("JSON: the run, its versions and every item with citations and checks", () => {
    const json = JSON.parse(exportResultsJson(header, grid, questions, versions)) as { run: unknown; items: { question: string; citations: unknown[]; checks: unknown[]; answer: string | null }[] };
    expect(json.run).toEqual(header);
    expect(json.items).toHaveLength(4);
    expect(json.items[0]).toMatchObject({ question: '=HYPERLINK("http://evil")', citations: [{ url: "https://a.com/1", title: null }], checks: [{ kind: "contains", passed: true }] });
    expect(json.items[3].answer).toBeNull();
  });
});

describe("Markdown report", () => {
  const summary: EvalResultsSummary = { ...header, user_id: "user-1", versions: versionSummaries(grid, versions), noise_floor: noiseFloor(grid, 1) };
  const report = resultsReportMarkdown(summary, questionRows(grid, questions), grid);

  it("has the summary table, the noise floor and the questions whose verdicts differ, with both answers and citations", () => {
    // The whole document, as a reader gets it. The answer stays inside its quote (its heading too); HTML is text;
    // a URL's parentheses cannot end the link; a cell's pipe is escaped in tables, not in prose.
    expect(report).toBe(`# Evaluation run run-1

Question set set-1 version 2 · 2 questions · 1 repeat · status finished · started 2026-01-01T00:00:00Z

Checks: \`contains:1\`

## Summary

| Version | Pass rate | Judge mean | Citation precision | Citation recall | Cost | Tokens | Web search | Latency p50 | Latency p95 | Citations / answer | Domains | Top-5 share | Errors |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
| Model \\| A | 50.0% | – | – | – | $0.0200 | $0.0200 | $0.0000 | 1000 ms | 1000 ms | 0.50 | 1 | 100.0% | 0 / 2 |
| Model B | 0.0% | – | – | – | $0.0100 | $0.0100 | $0.0000 | 1000 ms | 1000 ms | 1.00 | 1 | 100.0% | 1 / 2 |

## Noise floor

One repeat: no within-version figures. Run with repeats > 1 to see how much a version varies with itself.

| Compared | Pairs | Answer similarity | Citation overlap | Check agreement |
|---|---|---|---|---|
| Model \\| A vs Model B | 1 | 16.7% | 0.0% | 0.0% |

## Questions whose verdicts differ (2)

### 1. =HYPERLINK("http://evil")

**Model | A**: passed

> +1 answer

- [https://a.com/1](https://a.com/1)

**Model B**: failed (1 check failed)

> ## Heading inside
> &lt;script>alert(1)&lt;/script>

- [https://b.com/(x)](https://b.com/%28x%29)

### 2. Quote " and, comma newline

**Model | A**: failed (1 check failed)

> -2

**Model B**: error

_No answer._

`);
  });

  it("links only web URLs", () => {
    const risky = new ItemGrid(2, 1, [
      answered({ v: 0, q: 0 }, "a", { urls: ["javascript:alert(1)"], checks: [["contains:a", true]] }),
      answered({ v: 1, q: 0 }, "b", { checks: [["contains:a", false]] }),
    ]);
    const text = resultsReportMarkdown({ ...summary, versions: versionSummaries(risky, versions), noise_floor: noiseFloor(risky, 1) }, questionRows(risky, [questions[0]]), risky);
    expect(text).toContain("- `javascript:alert(1)`");
    expect(text).not.toContain("](javascript:");
  });

  it("escapes table cells", () => {
    expect(mdCell("a|b\nc<d")).toBe("a\\|b c&lt;d");
  });
});
