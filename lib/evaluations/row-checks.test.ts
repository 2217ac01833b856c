import { describe, expect, it } from "vitest";
import { formatCheck, parseCheck } from "./check-spelling";
import type { CheckSpec } from "./checks";
import { checkCitationSupport } from "./citation-support";
import { costSplitOf } from "./cost-split";
import { estimatePlan } from "./estimate";
import { evaluateChecks } from "./evaluate";
import { explainCheck } from "./explain-check";
import type { ItemResult } from "./item-result";
import type { JudgeFn, JudgeRequest } from "./judge-protocol";
import { importQuestions } from "./question-import";
import { exportQuestionsCsv, exportQuestionsJsonl } from "./question-export";
import { checksForRow, evaluateRow } from "./row-checks";

function check(spelling: string): CheckSpec {
  const result = parseCheck(spelling);
  if (!result.ok) throw new Error(result.message);
  return result.check;
}

function item(overrides: Partial<ItemResult> = {}): ItemResult {
  return { answer: "", citations: [], sources: [], cost_usd: 0.002, latency_ms: 1200, ttft_ms: 300, ...overrides };
}

/** A judge that records what it was asked and answers with a fixed score. */
function recordingJudge(score: number, calls: JudgeRequest[] = []): JudgeFn {
  return async (request) => {
    calls.push(request);
    return JSON.stringify({ score, reasoning: `graded ${request.kind}` });
  };
}

describe("new check kinds: spelling", () => {
  it("reads and writes expected, expected-terms and allowed-domains", () => {
    expect(check("expected")).toEqual({ kind: "expected" });
    expect(check("expected:0.7")).toEqual({ kind: "expected", threshold: 0.7 });
    expect(check("expected-terms")).toEqual({ kind: "expected-terms", min_share: 0.5 });
    expect(check("expected-terms:0.8")).toEqual({ kind: "expected-terms", min_share: 0.8 });
    expect(check("allowed-domains:www.MDN.org, web.dev")).toEqual({ kind: "allowed-domains", domains: ["mdn.org", "web.dev"] });
    for (const spelling of ["expected", "expected:0.7", "expected-terms:0.8", "allowed-domains:a.com,b.org"]) expect(formatCheck(check(spelling))).toBe(spelling);
    expect(parseCheck("expected-terms:lots")).toMatchObject({ ok: false });
    expect(parseCheck("allowed-domains:")).toMatchObject({ ok: false });
  });
});

describe("expected-terms (deterministic)", () => {
  const context = { question: "When did the Eiffel Tower open?", expected: "The Eiffel Tower opened in 1889." };

  it("passes when enough of the expected answer's key terms are in the answer, and says which are missing", async () => {
    const [passed] = await evaluateChecks(item({ answer: "It opened to visitors in 1889, the Eiffel tower did." }), [check("expected-terms")], { context });
    expect(passed).toMatchObject({ passed: true, score: 1 });
    const [failed] = await evaluateChecks(item({ answer: "The tower is in Paris." }), [check("expected-terms:0.6")], { context });
    // Key terms: eiffel, tower, opened, 1889 ("the", "in" are not): one of four found.
    expect(failed).toMatchObject({ passed: false, score: 0.25 });
    expect(failed.reasoning).toContain("Missing: eiffel, opened, 1889");
  });

  it("fails, saying why, on a row without an expected answer", async () => {
    const [result] = await evaluateChecks(item({ answer: "x" }), [check("expected-terms")], { context: { question: "q" } });
    expect(result).toMatchObject({ passed: false, reasoning: "The question has no expected answer to compare with." });
  });
});

describe("expected (judge-graded)", () => {
  it("sends the question, the expected answer and the answer; stores score, reasoning, judge and threshold", async () => {
    const calls: JudgeRequest[] = [];
    const [result] = await evaluateChecks(item({ answer: "1889." }), [check("expected")], {
      judge: recordingJudge(0.6, calls),
      judgeModel: "acme/grader",
      passThreshold: 0.7,
      context: { question: "When?", expected: "In 1889." },
    });
    expect(calls[0].kind).toBe("expected");
    expect(calls[0].input).toBe("<question>\nWhen?\n</question>\n<expected>\nIn 1889.\n</expected>\n<answer>\n1889.\n</answer>");
    // The run's threshold (0.7) applies to a check that names none: 0.6 fails.
    expect(result).toMatchObject({ passed: false, score: 0.6, reasoning: "graded expected", judge_model: "acme/grader", details: { threshold: 0.7 } });
    const [own] = await evaluateChecks(item({ answer: "1889." }), [check("expected:0.5")], { judge: recordingJudge(0.6), passThreshold: 0.7, context: { question: "When?", expected: "In 1889." } });
    expect(own.passed).toBe(true);
  });

  it("the rubric judge sees the question and the expected answer too", async () => {
    const calls: JudgeRequest[] = [];
    await evaluateChecks(item({ answer: "A" }), [check("judge:on topic")], { judge: recordingJudge(1, calls), context: { question: "Q?", expected: "E" } });
    expect(calls[0].input).toBe("<question>\nQ?\n</question>\n<expected>\nE\n</expected>\n<rubric>\non topic\n</rubric>\n<answer>\nA\n</answer>");
  });
});

describe("allowed-domains", () => {
  it("passes when every citation is on an allowed domain (subdomains count) and names one that is not", async () => {
    const cite = (url: string) => ({ url, start_index: 0, end_index: 1 });
    const [ok] = await evaluateChecks(item({ answer: "x", citations: [cite("https://developer.mdn.org/a"), cite("https://web.dev/b")] }), [check("allowed-domains:mdn.org,web.dev")]);
    expect(ok.passed).toBe(true);
    const [bad] = await evaluateChecks(item({ answer: "x", citations: [cite("https://web.dev/b"), cite("https://eslint.org/c")] }), [check("allowed-domains:mdn.org,web.dev")]);
    expect(bad).toMatchObject({ passed: false, details: { outside: ["https://eslint.org/c"] } });
    expect(explainCheck(bad)).toBe("1 citation(s) are outside the allowed domains mdn.org,web.dev (e.g. https://eslint.org/c).");
  });
});

describe("per-row checks", () => {
  const row = { question: "What is 2+2?", expected: "4", allowed_domains: ["math.org"], checks: ["contains:4", "contains:four", "expected-terms"] };

  it("the run's checks, then the row's own, then its allowed domains; a repeat runs once", () => {
    const entries = checksForRow([check("contains:4"), check("max-length:100")], row);
    expect(entries.map((entry) => [formatCheck(entry.check), entry.origin])).toEqual([
      ["contains:4", "run"],
      ["max-length:100", "run"],
      ["contains:four", "row"],
      ["expected-terms:0.5", "row"],
      ["allowed-domains:math.org", "allowed_domains"],
    ]);
    // Another row of the same run gets only the run's checks.
    expect(checksForRow([check("contains:4")], { question: "other" }).map((entry) => entry.origin)).toEqual(["run"]);
  });

  it("the judge sees the question as it was asked, its {{vars}} filled", async () => {
    const calls: JudgeRequest[] = [];
    await evaluateRow(item({ answer: "A" }), [], { question: "Weather in {{city}}?", expected: "Sunny", checks: ["expected"], vars: { city: "Paris" } }, { judge: recordingJudge(1, calls) });
    expect(calls[0].input).toContain("<question>\nWeather in Paris?\n</question>");
  });

  it("each result says where its check came from and why it passed or failed", async () => {
    const results = await evaluateRow(item({ answer: "It is 4." }), [check("max-length:100")], row);
    expect(results.map((r) => [r.kind, r.origin, r.passed])).toEqual([
      ["max-length", "run", true],
      ["contains", "row", true],
      ["contains", "row", false],
      ["expected-terms", "row", true],
      ["allowed-domains", "allowed_domains", true],
    ]);
    expect(explainCheck(results[2])).toBe('The answer does not contain "four".');
  });
});

describe("question files with checks and vars", () => {
  it("CSV: a checks column (; separated or a JSON array) and vars.<name> columns", async () => {
    const csv = [
      "question,expected,checks,vars.city,vars.Unit",
      'Weather in {{city}} in {{Unit}}?,sunny,"contains:sunny; expected-terms",Paris,celsius',
      'Population of {{city}}?,,"[""judge:gives a number; cites a census"", ""min-citations:1""]",Lyon,',
    ].join("\n");
    const imported = await importQuestions(csv, "csv");
    expect(imported).toMatchObject({
      ok: true,
      rows: [
        { question: "Weather in {{city}} in {{Unit}}?", checks: ["contains:sunny", "expected-terms"], vars: { city: "Paris", Unit: "celsius" } },
        { question: "Population of {{city}}?", checks: ["judge:gives a number; cites a census", "min-citations:1"], vars: { city: "Lyon" } },
      ],
    });
    if (!imported.ok) return;
    // Round trip through both exports.
    expect(await importQuestions(exportQuestionsCsv(imported.rows), "csv")).toEqual(imported);
    expect(await importQuestions(exportQuestionsJsonl(imported.rows), "jsonl")).toEqual(imported);
  });

  it("a bad check or an unresolved variable is an error of that row, naming the row and the field", async () => {
    const jsonl = [
      JSON.stringify({ question: "fine", checks: ["contains:x"] }),
      JSON.stringify({ question: "bad", checks: ["contains"] }),
      JSON.stringify({ question: "Hello {{name}}", vars: { other: "x" } }),
    ].join("\n");
    const imported = await importQuestions(jsonl, "jsonl");
    expect(imported.ok).toBe(false);
    if (imported.ok) return;
    expect(imported.errors).toEqual([
      { line: 2, field: "checks[0]", message: 'check "contains": needs an argument: contains:<value>' },
      { line: 3, field: "vars.name", message: "the question uses {{name}} but the row has no vars.name" },
    ]);
  });
});

describe("citations checked three ways", () => {
  const answer = "Caching uses Cache-Control headers. ESLint finds bugs.";
  const cite = (url: string, text: string, content: string) => ({ url, start_index: answer.indexOf(text), end_index: answer.indexOf(text) + text.length, content });

  it("an invented URL (not among the search results) is unsupported without a judge call; verdicts per citation", async () => {
    const calls: JudgeRequest[] = [];
    const judge: JudgeFn = async (request) => {
      calls.push(request);
      return JSON.stringify({ supported: true, relevant: request.input.includes("eslint") ? false : true, score: 1, reasoning: "ok" });
    };
    const support = await checkCitationSupport(
      {
        answer,
        citations: [
          cite("https://mdn.org/cache", "Cache-Control", "Cache-Control headers control caching."),
          cite("https://eslint.org/", "ESLint", "eslint finds bugs"),
          cite("https://made-up.example/", "Caching", "anything"),
        ],
        sources: [{ url: "https://mdn.org/cache" }, { url: "https://eslint.org/" }],
      },
      judge,
      undefined,
      { question: "How does HTTP caching work?" },
    );
    expect(support.verdicts.map((v) => [v.invented, v.supported, v.relevant, v.judged])).toEqual([
      [false, true, true, true],
      [false, true, false, true],
      [true, false, false, false],
    ]);
    expect(calls).toHaveLength(2);
    expect(calls[0].input).toContain("<question>\nHow does HTTP caching work?\n</question>\n<sentence>\nCaching uses Cache-Control headers.\n</sentence>");
    expect(support.invented_share).toBeCloseTo(1 / 3);
    expect(support.relevant_share).toBeCloseTo(1 / 3);
    expect(support.unsupported_sentence_share).toBe(0);
  });

  it("without search results in the answer, invention is unknown (null), not assumed", async () => {
    const support = await checkCitationSupport({ answer, citations: [cite("https://x.org/", "ESLint", "ESLint finds bugs.")], sources: [] }, async () => '{"supported": true, "score": 1}');
    expect(support.verdicts[0].invented).toBeNull();
    expect(support.invented_share).toBeNull();
  });
});

describe("estimate with per-row checks", () => {
  it("counts each row's own judge checks on that row only", () => {
    const pricing = { promptUsdPerToken: 0, completionUsdPerToken: 0, requestUsd: 0.01, webSearchUsd: 0 };
    const base = { targets: [{ id: "m", pricing, webSearchesPerRequest: 0 }], questions: 4, repeats: 2, checks: [check("judge:ok")], inputTokens: 0, outputTokens: 0, citationsPerAnswer: 5, judge: { pricing, inputTokensPerCall: 0, outputTokensPerCall: 0 } };
    expect(estimatePlan(base).judge_calls).toBe(8);
    // One row of four adds an expected check (1 call) and a support check (5 calls): 6 more calls per repeat.
    const withRows = estimatePlan({ ...base, rowChecks: [[check("expected"), check("citation-support")]] });
    expect(withRows.judge_calls).toBe(8 + 12);
    expect(withRows.judge_usd).toBeCloseTo(0.2);
  });
});

describe("cost split", () => {
  it("tokens, web search and judge add up to the total; web search never exceeds the answer cost", () => {
    expect(costSplitOf({ cost_usd: 0.01, web_search_cost_usd: 0.004, judge_cost_usd: 0.002 })).toEqual({ tokens_usd: 0.006, web_search_usd: 0.004, judge_usd: 0.002, total_usd: 0.012 });
    expect(costSplitOf({ cost_usd: 0.01, searches: [{}, {}] }, 0.004)).toEqual({ tokens_usd: 0.002, web_search_usd: 0.008, judge_usd: 0, total_usd: 0.01 });
    expect(costSplitOf({ cost_usd: 0.001, web_search_cost_usd: 0.004 }).web_search_usd).toBe(0.001);
  });
});
