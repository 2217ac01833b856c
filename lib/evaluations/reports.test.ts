import { describe, expect, it } from "vitest";
import { aggregateVersion } from "./aggregate";
import type { CheckResult } from "./evaluate";
import type { ItemResult } from "./item-result";
import { buildJsonReport, evaluateGate, type ReportItem, type ReportVersion } from "./report-json";
import { buildJunitXml, xmlAttr, xmlText } from "./report-junit";
import { formatVersionTable } from "./report-table";

function result(overrides: Partial<ItemResult> = {}): ItemResult {
  return { answer: "Paris.", citations: [{ url: "https://a.com/x", title: "A", start_index: 0, end_index: 6, content: "long source" }], sources: [], cost_usd: 0.01, latency_ms: 1500, ttft_ms: 300, ...overrides };
}
const ok: CheckResult = { kind: "contains", arg: "Paris", passed: true };
const bad: CheckResult = { kind: "judge", arg: "cites <b> & \"quotes\"", passed: false, score: 0.25, reasoning: "weak\u0001answer" };

const items: ReportItem[] = [
  { question: "Capital of France?", version: "v1", repeat: 1, result: result(), checks: [ok] },
  { question: "Capital of France?", version: "v1", repeat: 2, result: result(), checks: [ok, bad] },
  { question: "Q <with> & markup\u0007", version: "v2", repeat: 1, result: result({ error: { code: 429, message: "Rate limit \"exceeded\"" } }), checks: [] },
  { question: "Capital of France?", version: "v2", repeat: 1, result: result(), checks: [ok] },
];
const versions: ReportVersion[] = ["v1", "v2"].map((id) => ({ id, aggregate: aggregateVersion(items.filter((i) => i.version === id)) }));

describe("JSON report", () => {
  it("has versions[] and items[] with the promised fields", () => {
    const report = buildJsonReport(versions, items, 0.6);
    expect(report.versions.map((v) => [v.id, v.pass_rate, v.cost_usd, v.latency_ms_p50, v.latency_ms_p95, v.citations_per_answer, v.distinct_domains])).toEqual([
      ["v1", 0.5, 0.02, 1500, 1500, 1, 1],
      ["v2", 0.5, 0.02, 1500, 1500, 1, 1],
    ]);
    expect(report.items[1]).toMatchObject({ question: "Capital of France?", version: "v1", repeat: 2, answer: "Paris.", citations: [{ url: "https://a.com/x", title: "A", start_index: 0, end_index: 6 }] });
    expect(report.items[1].checks.map((c) => [c.kind, c.passed])).toEqual([["contains", true], ["judge", false]]);
    expect(report.items[2].error).toEqual({ code: 429, message: 'Rate limit "exceeded"' });
    expect(report.gate).toEqual({ passed: false, min_pass: 0.6, failing: ["v1", "v2"] });
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it("gates on every version's pass rate", () => {
    expect(evaluateGate(versions, 0.5).passed).toBe(true);
    expect(evaluateGate(versions, null)).toEqual({ passed: true, min_pass: null, failing: [] });
    expect(evaluateGate([{ id: "empty", aggregate: aggregateVersion([]) }], 0).failing).toEqual(["empty"]);
  });
});

describe("JUnit XML", () => {
  const xml = buildJunitXml(versions, items);

  it("has one testsuite per version and one testcase per item", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="gatehouse-eval" tests="4" failures="1" errors="1">')).toBe(true);
    expect(xml).toContain('<testsuite name="v1" tests="2" failures="1" errors="0" time="3.000">');
    expect(xml).toContain('<testsuite name="v2" tests="2" failures="0" errors="1" time="3.000">');
    expect(xml).toContain('<testcase name="Capital of France? [repeat 2]" classname="eval.v1" time="1.500">');
    expect(xml.match(/<testcase /g)).toHaveLength(4);
  });

  it("gives each suite the run's wall time when known, not the sum of overlapping latencies", () => {
    const timed = buildJunitXml(versions, items, { wallMs: 1_750 });
    expect(timed).toContain('<testsuites name="gatehouse-eval" tests="4" failures="1" errors="1" time="1.750">');
    expect(timed).toContain('<testsuite name="v1" tests="2" failures="1" errors="0" time="1.750">');
  });

  it("lists the failed checks and escapes everything, control characters included", () => {
    expect(xml).toContain('<failure message="1 of 2 checks failed" type="checks">judge:cites &lt;b&gt; &amp; "quotes" (score 0.25) — weak\uFFFDanswer</failure>');
    expect(xml).toContain('<testcase name="Q &lt;with&gt; &amp; markup\uFFFD" classname="eval.v2"');
    expect(xml).toContain('<error message="429: Rate limit &quot;exceeded&quot;" type="item_error">');
    expect(xml).not.toMatch(/[\u0000-\u0008]/);
  });

  it("escapes attribute values and replaces lone surrogates", () => {
    expect(xmlAttr("a\"b'c\nd\te<")).toBe("a&quot;b&apos;c&#10;d&#9;e&lt;");
    expect(xmlText("ok 😀 bad \uD800 end \u0000")).toBe("ok 😀 bad \uFFFD end \uFFFD");
  });
});

describe("table", () => {
  it("prints one row per version and the pass rate per check", () => {
    const text = formatVersionTable(versions);
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^version\s+pass rate\s+items\s+errors\s+cost\s+tokens\s+web search\s+judge\s+p50\s+p95\s+citations\/answer\s+domains$/);
    expect(lines[2]).toMatch(/^v1\s+50\.0%\s+2\s+0\s+\$0\.0200\s+\$0\.0200\s+\$0\.0000\s+\$0\.0000\s+1500 ms\s+1500 ms\s+1\.00\s+1$/);
    expect(text).toContain("judge:cites <b> & \"quotes\"");
    expect(text).toMatch(/contains:Paris\s+100\.0%\s+2\/2/);
  });
});
