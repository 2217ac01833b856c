import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { EVAL_EXPORT_COLUMNS, type EvaluationResultsSummary } from "@/lib/contract/bff/evaluation-results";
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
const header = { run_id: "run-1", user_id: "u1", name: "Model | A vs Model B · Capitals", set_id: "set-1", set_name: "Capitals", set_version: 2, status: "finished" as const, created_at: "2026-01-01T00:00:00Z", ended_at: null, repeats: 1, questions: 2, checks: ["contains:1"], judge_model: null, demo_judge: false, revision: "r" };

describe("results export", () => {
  it("CSV: RFC 4180 quoting, CRLF, formula cells neutralised, one row per item", () => {
    const csv = exportResultsCsv(grid, questions, versions);
    expect(csv.endsWith("\r\n")).toBe(true);
    const records = parseCsvRecords(csv);
    // The fixed columns, then one per check with each item's verdict (empty where it did not run).
    expect(records[0]).toEqual([...EVAL_EXPORT_COLUMNS, "check:contains:1"]);
    expect(records.slice(1).map((record) => record[EVAL_EXPORT_COLUMNS.length])).toEqual(["pass", "fail", "fail", ""]);
    expect(records).toHaveLength(5);
    const row = (i: number) => Object.fromEntries(EVAL_EXPORT_COLUMNS.map((column, c) => [column, records[i][c]]));
    expect(row(1)).toMatchObject({ question: "'=HYPERLINK(\"http://evil\")", tags: "x; y", version: "Model | A", verdict: "passed", answer: "'+1 answer", cited_urls: "https://a.com/1" });
    expect(row(2)).toMatchObject({ verdict: "failed", failed_checks: "1" });
    expect(row(3)).toMatchObject({ question: 'Quote " and, comma\nnewline', answer: "'-2" });
    expect(row(4)).toMatchObject({ status: "failed", verdict: "error", error: "'@gateway down", answer: "" });
    // The raw text quotes the cell with the line break and doubles its quote.
    expect(csv).toContain('"Quote "" and, comma\nnewline"');
  });

  it("CSV: costs without float noise", () => {
    const noisy = new ItemGrid(1, 1, [answered({ v: 0, q: 0 }, "a", { cost: 0.005518749999999999 })]);
    const records = parseCsvRecords(exportResultsCsv(noisy, [questions[0]], [versions[0]]));
    expect(records[1][EVAL_EXPORT_COLUMNS.indexOf("cost_usd")]).toBe("0.00551875");
  });

  it("JSON: the run, its versions and every item with citations and checks", () => {
    const json = JSON.parse(exportResultsJson(header, grid, questions, versions)) as { run: unknown; items: { question: string; citations: unknown[]; checks: unknown[]; answer: string | null }[] };
    expect(json.run).toEqual(header);
    expect(json.items).toHaveLength(4);
    expect(json.items[0]).toMatchObject({ question: '=HYPERLINK("http://evil")', citations: [{ url: "https://a.com/1", title: null }], checks: [{ kind: "contains", passed: true }] });
    expect(json.items[3].answer).toBeNull();
  });

  it("JSON written an item at a time is the text of the whole document indented by JSON.stringify", () => {
    const text = exportResultsJson(header, grid, questions, versions);
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    const empty = exportResultsJson(header, new ItemGrid(2, 0, []), questions, versions);
    expect(empty).toBe(`${JSON.stringify({ run: header, versions, items: [] }, null, 2)}\n`);
  });
});

describe("Markdown report", () => {
  const summary: EvaluationResultsSummary = { ...header, user_id: "user-1", versions: versionSummaries(grid, versions), noise_floor: noiseFloor(grid, 1) };
  const report = resultsReportMarkdown(summary, questionRows(grid, questions), grid);

  it("has the summary table, the noise floor and the questions whose verdicts differ, with both answers and citations", () => {
    // The whole document, as a reader gets it. The answer stays inside its quote (its heading too); HTML is text (every
    // punctuation mark escaped, a word with a URL in a code span);
    // a URL's parentheses cannot end the link; a cell's pipe is escaped in tables, not in prose.
    expect(report).toBe(`# Evaluation run: Model \\| A vs Model B · Capitals

Run run-1 · question set “Capitals” version 2 · 2 questions · 1 repeat · status finished · started 2026-01-01T00:00:00Z

Checks: \`contains:1\`

## Summary

| Version | Pass rate | Judge mean | Citation precision | Citation recall | Cost | Tokens | Web search | Latency p50 | Latency p95 | Citations / answer | Domains | Top-5 share | Errors |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
| Model \\| A | 50.0% | – | – | – | $0.0200 | $0.0200 | $0.0000 | 1000 ms | 1000 ms | 0.50 | 1 | 100.0% | 0 / 2 |
| Model B | 0.0% | – | – | – | $0.0100 | $0.0100 | $0.0000 | 1000 ms | 1000 ms | 1.00 | 1 | 100.0% | 1 / 2 |

## Noise floor

- Model \\| A vs Model B: no difference this run can show (p = 1.00); pass rate difference −50 points (95% CI −91 to +27)

One answer per question: the noise floor (how much a version varies with itself) is unknown. Run with 2 or 3 repeats to measure it.

How alike the answers themselves are: each version with itself across repeats (when the run has repeats) and with the others on the same questions.

| Compared | Pairs | Answer similarity | Citation overlap | Check agreement |
|---|---|---|---|---|
| Model \\| A vs Model B | 1 | 16.7% | 0.0% | 0.0% |

## Questions whose verdicts differ (2)

### 1. \`=HYPERLINK("http://evil")\`

**Model \\| A**: passed

> \\+1 answer

- [https\\:\\/\\/a\\.com\\/1](https://a.com/1)

**Model B**: failed (1 check failed)

> \\#\\# Heading inside
> \\<script\\>alert\\(1\\)\\<\\/script\\>

- [https\\:\\/\\/b\\.com\\/\\(x\\)](https://b.com/%28x%29)

### 2. Quote \\" and\\, comma newline

**Model \\| A**: failed (1 check failed)

> \\-2

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
    expect(mdCell("a|b\nc<d see http://x|y")).toBe("a\\|b c\\<d see `http://x\\|y`");
  });
});

/** Every node of a Markdown document as remark (CommonMark + GFM, as GitHub renders a report) reads it. */
function markdownNodes(markdown: string): { type: string; url?: string; value?: string }[] {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown);
  const out: { type: string; url?: string; value?: string }[] = [];
  const walk = (node: { type: string; url?: string; value?: string; children?: unknown[] }) => {
    out.push(node);
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk(tree);
  return out;
}

describe("Markdown report: what users and models wrote is text, never syntax (issue 36, finding 11)", () => {
  const ACTIVE = [
    "[x](javascript:alert(1))",
    "![](http://127.0.0.1:9/pixel.png)",
    "<img src=x onerror=alert(1)>",
    "<https://evil.example/auto>",
    "see https://evil.example/bare and www.evil.example",
    "mail me@evil.example",
    "[ref][1]\n\n[1]: http://evil.example/",
    "&lt;b&gt; *em* __strong__ ~~gone~~ `code`",
  ];
  const texts = ACTIVE.join("\n");
  const risky = new ItemGrid(2, 1, [
    answered({ v: 0, q: 0 }, texts, { urls: ["https://a.com/1"], checks: [["contains:a", true]] }),
    answered({ v: 1, q: 0 }, "b", { checks: [["contains:a", false]] }),
  ]);
  const riskyVersions = [
    { version_index: 0, id: "m/a", label: "[v](javascript:x) <b>", preset: null },
    { version_index: 1, id: "m/b", label: "![](http://127.0.0.1:9/v)", preset: null },
  ];
  const riskyQuestions = [question(ACTIVE.join(" "))];
  const summary: EvaluationResultsSummary = { ...header, versions: versionSummaries(risky, riskyVersions), noise_floor: noiseFloor(risky, 1) };
  const report = resultsReportMarkdown(summary, questionRows(risky, riskyQuestions), risky);

  it("has no link, image, HTML, autolink or reference but the citations the report writes itself", () => {
    const nodes = markdownNodes(report);
    const active = nodes.filter((node) => ["link", "image", "html", "linkReference", "imageReference", "definition", "emphasis", "strong", "delete"].includes(node.type));
    // The one citation link and the versions' bold labels are the report's own.
    expect(active.map((node) => `${node.type} ${node.url ?? ""}`)).toEqual(["strong ", "link https://a.com/1", "strong "]);
  });

  it("shows each text as it was written", () => {
    const shown = markdownNodes(report)
      .filter((node) => node.type === "text" || node.type === "inlineCode")
      .map((node) => node.value)
      .join("\n");
    for (const text of ACTIVE) for (const word of text.split(/\s+/)) if (word !== "") expect(shown).toContain(word);
  });
});
