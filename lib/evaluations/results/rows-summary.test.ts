import { describe, expect, it } from "vitest";
import { EvaluationQuestionsQuerySchema } from "@/lib/contract/bff/evaluation-results";
import { compareRuns } from "./compare";
import { domainsPerVersion, freshness } from "./domains";
import { cellVerdict, questionRows, verdictOf } from "./question-rows";
import { filterRows, neighbours, pageRows, queryRows, rowCounts } from "./row-query";
import { ItemGrid } from "./stored-item";
import { presetOfVersionId, versionSummaries } from "./summary";
import { answered, failed, question } from "./test-items";

const versions = [
  { version_index: 0, id: "@preset/web@1", label: "web v1", preset: { slug: "web", version: 1 } },
  { version_index: 1, id: "@preset/web@2", label: "web v2", preset: { slug: "web", version: 2 } },
];
const questions = [
  question("What is WAL?", { tags: ["db"] }),
  question("How do rate limits work?", { tags: ["http"] }),
  question("Which page is newest?", { tags: ["db", "news"], time_sensitive: true, allowed_domains: ["example.com"] }),
];

/** Q0: both pass with the same sources; Q1: v0 passes, v1 fails and cites elsewhere; Q2: v0 fails, v1 errors. */
function fixture() {
  return new ItemGrid(2, 3, [
    answered({ v: 0, q: 0 }, "WAL appends changes to a log", { urls: ["https://sqlite.org/wal.html"], checks: [["contains:log", true]], cost: 0.02, latency: 900 }),
    answered({ v: 1, q: 0 }, "WAL appends changes to a log file", { urls: ["https://www.sqlite.org/wal.html/"], checks: [["contains:log", true]], cost: 0.03, latency: 1500 }),
    answered({ v: 0, q: 1 }, "Clients wait for Retry-After seconds before the next request", { urls: ["https://a.com/r"], checks: [["contains:log", true]], cost: 0.01, latency: 500 }),
    answered({ v: 1, q: 1 }, "Clients wait for Retry-After seconds before the next request", { urls: ["https://b.com/r"], checks: [["contains:log", false]], cost: 0.05, latency: 700 }),
    answered({ v: 0, q: 2 }, "The newest page", {
      urls: ["https://example.com/new", "https://other.org/old"],
      sources: [
        { url: "https://example.com/new", published_at: "2026-01-01T00:00:00Z" },
        { url: "https://other.org/old", published_at: "2025-01-01" },
      ],
      checks: [["contains:log", false]],
    }),
    failed({ v: 1, q: 2 }),
  ]);
}

describe("question rows", () => {
  it("verdicts over repeats", () => {
    expect(verdictOf([])).toBe("pending");
    expect(verdictOf(["pass", "pass"])).toBe("passed");
    expect(verdictOf(["fail", "error"])).toBe("failed");
    expect(verdictOf(["error"])).toBe("error");
    expect(verdictOf(["pass", "fail"])).toBe("mixed");
  });

  it("cells and flags per question", () => {
    const rows = questionRows(fixture(), questions);
    expect(rows[0].flags).toEqual({ failed_any: false, verdicts_differ: false, citations_changed: false, same_answer_different_sources: false, error: false });
    expect(rows[0].versions[1]).toMatchObject({ verdict: "passed", sources_changed: false, cost_usd: 0.03, latency_ms: 1500, citation_count: 1 });
    expect(rows[0].versions[0].sources_changed).toBeNull();
    expect(rows[1].flags).toEqual({ failed_any: true, verdicts_differ: true, citations_changed: true, same_answer_different_sources: true, error: false });
    expect(rows[1].versions[1]).toMatchObject({ verdict: "failed", failed_any: true, failed_checks: 1, checks: [{ kind: "contains", arg: "log", evaluated: 1, passed: 0, verdict: "failed" }] });
    expect(rows[2].flags).toMatchObject({ failed_any: true, verdicts_differ: true, error: true, citations_changed: false });
    expect(rows[2].versions[1]).toMatchObject({ verdict: "error", errors: 1, repeats: 1, latency_ms: null, sources_changed: null });
  });

  it("filters by every flag asked, tag and plain-text search; sorts nulls last; pages", () => {
    const rows = questionRows(fixture(), questions);
    const query = (raw: Record<string, string>) => EvaluationQuestionsQuerySchema.parse(raw);
    expect(filterRows(rows, query({ flags: "failed_any,verdicts_differ" })).map((r) => r.question_index)).toEqual([1, 2]);
    expect(filterRows(rows, query({ flags: "failed_any", tag: "db" })).map((r) => r.question_index)).toEqual([2]);
    expect(filterRows(rows, query({ search: "RATE" })).map((r) => r.question_index)).toEqual([1]);
    expect(filterRows(rows, query({ search: ".*" }))).toEqual([]);
    expect(queryRows(rows, query({ sort: "cost", sort_version: "1", dir: "desc" })).map((r) => r.question_index)).toEqual([1, 0, 2]);
    expect(queryRows(rows, query({ sort: "latency", sort_version: "1", dir: "asc" })).map((r) => r.question_index)).toEqual([1, 0, 2]);
    // Latency of v1 on q2 is null (it failed): last whichever the direction.
    expect(queryRows(rows, query({ sort: "latency", sort_version: "1", dir: "desc" })).map((r) => r.question_index)).toEqual([0, 1, 2]);
    expect(queryRows(rows, query({ sort: "verdict", sort_version: "1" })).map((r) => r.question_index)).toEqual([0, 1, 2]);
    expect(queryRows(rows, query({ sort: "question" })).map((r) => r.question)).toEqual(["How do rate limits work?", "What is WAL?", "Which page is newest?"]);
    expect(queryRows(rows, query({ sort: "flags", dir: "desc" })).map((r) => r.question_index)).toEqual([1, 2, 0]);
    expect(EvaluationQuestionsQuerySchema.safeParse({ flags: "nope" }).error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[["flags"], expect.stringContaining('unknown flag "nope"')]]);
    expect(pageRows([1, 2, 3, 4, 5], 2, 2)).toEqual({ data: [3, 4], next_offset: 4 });
    expect(pageRows([1, 2, 3, 4], 2, 2)).toEqual({ data: [3, 4], next_offset: null });
    const list = queryRows(rows, query({ sort: "cost", sort_version: "1", dir: "desc" }));
    expect(neighbours(list, 0)).toEqual({ prev: 1, next: 2, position: 1 });
    expect(neighbours(list, 1)).toEqual({ prev: null, next: 0, position: 0 });
    expect(neighbours(filterRows(rows, query({ tag: "http" })), 0)).toEqual({ prev: null, next: null, position: null });
    expect(rowCounts(rows)).toEqual({
      flag_counts: { failed_any: 2, verdicts_differ: 2, citations_changed: 1, same_answer_different_sources: 1, error: 1 },
      tags: [
        { tag: "db", count: 2 },
        { tag: "http", count: 1 },
        { tag: "news", count: 1 },
      ],
    });
  });
});

describe("summaries, domains, compare", () => {
  it("aggregates each version with lib/evaluations, a failed item counting against it", () => {
    const [v0, v1] = versionSummaries(fixture(), versions);
    expect(v0.aggregate).toMatchObject({ items: 3, errors: 0, passed: 2, distinct_domains: 4 });
    expect(v0.aggregate.pass_rate).toBeCloseTo(2 / 3, 12);
    expect(v1.aggregate).toMatchObject({ items: 3, errors: 1, passed: 1, latency_ms_p50: 700 });
    expect(v1.aggregate.pass_rate).toBeCloseTo(1 / 3, 12);
    expect(v1.aggregate.pass_rate_excluding_errors).toBeCloseTo(1 / 2, 12);
    expect(presetOfVersionId("@preset/web-research@12")).toEqual({ slug: "web-research", version: 12 });
    expect(presetOfVersionId("gatehouse/swift")).toBeNull();
  });

  it("cited domains, new and gone against the first version, outside the allowed list, freshness of time-sensitive questions", () => {
    const asOf = Date.parse("2026-01-31T00:00:00Z");
    const [v0, v1] = domainsPerVersion(fixture(), questions, versions, { maxAgeDays: 30, asOf });
    expect(v0.domains.find((d) => d.domain === "other.org")).toEqual({ domain: "other.org", citations: 1, questions: 1, outside_allowed: 1 });
    expect(v0.outside_allowed_citations).toBe(1);
    expect(v0.new_vs_first).toBeNull();
    expect(v1.new_vs_first).toEqual(["b.com"]);
    expect(v1.gone_vs_first).toEqual(["a.com", "example.com", "other.org"]);
    // 30 days and 395 days old: the median is the lower middle (nearest rank), one of two older than 30 days.
    expect(v0.freshness).toMatchObject({ dated_sources: 2, cited_sources: 2, median_age_days: 30, older_share: 0.5, max_age_days: 30 });
    expect(v1.freshness).toMatchObject({ dated_sources: 0, median_age_days: null, older_share: null });
    expect(freshness([1, 10, 100], 5)).toEqual({ median_age_days: 10, older_share: 2 / 3 });
  });

  it("compares runs in time order and lists verdicts that flipped for the versions both ran", () => {
    const older = fixture();
    const newer = new ItemGrid(1, 3, [
      answered({ v: 0, q: 0 }, "x", { checks: [["contains:log", false]] }),
      answered({ v: 0, q: 1 }, "x", { checks: [["contains:log", true]] }),
      answered({ v: 0, q: 2 }, "x", { checks: [["contains:log", true]] }),
    ]);
    expect(cellVerdict(older, 1, 0)).toBe("passed");
    const got = compareRuns("set", [
      { run_id: "new", name: "new", scoring: 1, repeats: 1, judge_model: null, set_version: 1, status: "finished", created_at: "2026-02-01T00:00:00Z", versions: [{ ...versions[1], version_index: 0 }], grid: newer, questions },
      { run_id: "old", name: "old", scoring: 1, repeats: 1, judge_model: null, set_version: 1, status: "finished", created_at: "2026-01-01T00:00:00Z", versions, grid: older, questions },
    ]);
    expect(got.runs.map((run) => run.run_id)).toEqual(["old", "new"]);
    expect(got.runs[1].versions[0].aggregate.items).toBe(3);
    expect(got.flips.map((flip) => [flip.version_id, flip.question_index, flip.from, flip.to])).toEqual([
      ["@preset/web@2", 0, "passed", "failed"],
      ["@preset/web@2", 1, "failed", "passed"],
      ["@preset/web@2", 2, "error", "passed"],
    ]);
    expect(got.flips_total).toBe(3);
  });
});
