import { describe, expect, it } from "vitest";
import { parseCheck } from "./check-spelling";
import type { CheckSpec } from "./checks";
import { checkCitationSupport } from "./citation-support";
import { evaluateChecks, supportOf } from "./evaluate";
import type { ItemResult } from "./item-result";
import type { JudgeFn, JudgeRequest } from "./judge-protocol";

function check(spelling: string): CheckSpec {
  const result = parseCheck(spelling);
  if (!result.ok) throw new Error(result.message);
  return result.check;
}

function item(overrides: Partial<ItemResult> = {}): ItemResult {
  return { answer: "", citations: [], sources: [], cost_usd: 0.002, latency_ms: 1200, ttft_ms: 300, ...overrides };
}

function section(input: string, tag: string): string {
  const start = input.indexOf(`<${tag}>\n`) + tag.length + 3;
  return input.slice(start, input.indexOf(`\n</${tag}>`, start));
}

/** A judge that says supported when every word of the claim (3+ letters) is in the source: deterministic, no network. */
function lexicalJudge(calls: JudgeRequest[] = []): JudgeFn {
  return async (request) => {
    calls.push(request);
    if (request.kind === "rubric") {
      const rubric = section(request.input, "rubric").toLowerCase();
      const answer = section(request.input, "answer").toLowerCase();
      const score = answer.includes(rubric) ? 1 : 0.2;
      return `Here you go:\n\`\`\`json\n{"score": ${score}, "reasoning": "rubric ${score === 1 ? "met" : "not met"}"}\n\`\`\``;
    }
    const claim = section(request.input, "claim").toLowerCase();
    const source = section(request.input, "source").toLowerCase();
    const words = claim.match(/[a-z]{3,}/g) ?? [];
    const supported = words.every((w) => source.includes(w));
    return JSON.stringify({ supported, score: supported ? 1 : 0, reasoning: supported ? "all words found" : "missing words" });
  };
}

describe("literal, pattern and numeric checks", () => {
  const answer = "The Eiffel Tower is in Paris. It opened in 1889.";
  const base = item({
    answer,
    citations: [
      { url: "https://en.wikipedia.org/wiki/Eiffel_Tower", start_index: 0, end_index: 29 },
      { url: "https://www.en.wikipedia.org/wiki/Eiffel_Tower#x", start_index: 30, end_index: 48 },
      { url: "https://spam.net/x", start_index: 30, end_index: 48 },
    ],
  });

  it("passes and fails each kind", async () => {
    const spellings = [
      ["contains:Paris", true],
      ["contains:paris", false],
      ["contains-i:paris", true],
      ["not-contains:London", true],
      ["not-contains-i:PARIS", false],
      ["pattern:\\b1[0-9]{3}\\b", true],
      ["pattern:(?i)^the eiffel", true],
      ["pattern:2\\d{3}", false],
      ["cites-domain:wikipedia.org", true],
      ["cites-domain:britannica.com,example.org", false],
      ["no-domain:spam.net", false],
      ["no-domain:britannica.com", true],
      ["min-citations:2", true],
      ["min-citations:3", false],
      ["max-cost:0.002", true],
      ["max-cost:0.001", false],
      ["max-latency-ms:1200", true],
      ["max-latency-ms:1199", false],
      [`min-length:${answer.length}`, true],
      [`max-length:${answer.length - 1}`, false],
    ] as const;
    const results = await evaluateChecks(base, spellings.map(([s]) => check(s)));
    expect(results.map((r) => `${r.kind}:${r.arg} ${r.passed}`)).toEqual(spellings.map(([s, passed]) => `${s.replace("wikipedia.org", "wikipedia.org")} ${passed}`));
    expect(results[10].details).toEqual({ offending: ["https://spam.net/x"] });
    expect(results[12].details).toEqual({ count: 2 });
  });

  it("counts length in characters (code points), not UTF-16 units", async () => {
    const [min, max] = await evaluateChecks(item({ answer: "😀😀😀" }), [check("min-length:3"), check("max-length:3")]);
    expect([min.passed, max.passed]).toEqual([true, true]);
  });

  it("matches a catastrophic-backtracking pattern in linear time", async () => {
    // (a+)+$ against many a's and a final b takes exponential time in a backtracking engine.
    const hostile = item({ answer: `${"a".repeat(20_000)}b` });
    const [result] = await evaluateChecks(hostile, [check("pattern:(a+)+$")]);
    expect(result.passed).toBe(false);
    const [found] = await evaluateChecks(hostile, [check("pattern:(a|aa)+b")]);
    expect(found.passed).toBe(true);
  });

  it("fails cost and latency ceilings when nothing was recorded", async () => {
    const results = await evaluateChecks(item({ cost_usd: null, latency_ms: null }), [check("max-cost:1"), check("max-latency-ms:1")]);
    expect(results.map((r) => r.passed)).toEqual([false, false]);
    expect(results[0].reasoning).toContain("no cost");
  });

  it("does not evaluate a failed item", async () => {
    const failed = item({ error: { code: 502, message: "Upstream error" } });
    const [result] = await evaluateChecks(failed, [check("not-contains:x")]);
    expect(result).toMatchObject({ passed: false, details: { skipped: "item_error" } });
    expect(result.reasoning).toContain("502: Upstream error");
  });
});

describe("judge check", () => {
  it("sends the rubric through the judge and passes at the threshold", async () => {
    const calls: JudgeRequest[] = [];
    const results = await evaluateChecks(item({ answer: "It mentions Paris." }), [check("judge:mentions paris"), check("judge:mentions rome")], { judge: lexicalJudge(calls) });
    expect(results.map((r) => [r.passed, r.score, r.reasoning])).toEqual([
      [true, 1, "rubric met"],
      [false, 0.2, "rubric not met"],
    ]);
    expect(calls[0].input).toBe("<rubric>\nmentions paris\n</rubric>\n<answer>\nIt mentions Paris.\n</answer>");
  });

  it("fails, with the reason, on an unreadable reply, a thrown judge or no judge", async () => {
    const rubric = [check("judge:x")];
    const [unreadable] = await evaluateChecks(item(), rubric, { judge: async () => "Looks great to me!" });
    expect(unreadable.passed).toBe(false);
    expect(unreadable.reasoning).toContain("could not be read");
    const [thrown] = await evaluateChecks(item(), rubric, { judge: async () => { throw new Error("429 Too Many Requests"); } });
    expect(thrown.reasoning).toBe("The judge call failed: 429 Too Many Requests");
    const [none] = await evaluateChecks(item(), rubric);
    expect(none.reasoning).toBe("No judge model is configured.");
  });
});

describe("citation support", () => {
  // Offsets are code points: the emoji before the second sentence is one.
  const answer = "Paris is the capital of France. 😀 The tower opened in 1889. Unsupported claim here.";
  const second = answer.indexOf("The tower");
  const codePoints = (utf16: number) => [...answer.slice(0, utf16)].length;
  const result = item({
    answer,
    citations: [
      { url: "https://a.com/france", start_index: 0, end_index: 31, content: "Paris is the capital of France and its largest city." },
      { url: "https://b.org/tower?utm_source=x", start_index: codePoints(second), end_index: codePoints(second) + "The tower opened in 1889.".length },
      { url: "https://c.net/none", start_index: codePoints(answer.indexOf("Unsupported")), end_index: [...answer].length },
      { url: "https://d.io/wrong", start_index: codePoints(answer.indexOf("Unsupported")), end_index: [...answer].length, content: "Nothing relevant." },
    ],
    // Every cited page was a search result (none invented); only b.org's has a snippet.
    sources: [
      { url: "https://a.com/france" },
      { url: "https://b.org/tower", snippet: "The tower opened to the public in 1889." },
      { url: "https://c.net/none" },
      { url: "https://c.net/other", snippet: "irrelevant" },
      { url: "https://d.io/wrong" },
    ],
  });

  it("judges each citation against its content, else the source snippet, else nothing", async () => {
    const calls: JudgeRequest[] = [];
    const support = await checkCitationSupport(result, lexicalJudge(calls));
    expect(support.verdicts.map((v) => [v.span, v.source, v.supported, v.judged])).toEqual([
      ["Paris is the capital of France.", "content", true, true],
      ["The tower opened in 1889.", "snippet", true, true],
      ["Unsupported claim here.", "none", false, false],
      ["Unsupported claim here.", "content", false, true],
    ]);
    expect(calls).toHaveLength(3);
    // The judge sees the sentence the citation is attached to, not only the quoted span.
    expect(calls[1].input).toBe("<sentence>\n😀 The tower opened in 1889.\n</sentence>\n<claim>\nThe tower opened in 1889.\n</claim>\n<source>\nThe tower opened to the public in 1889.\n</source>");
    expect(support.verdicts.map((v) => v.invented)).toEqual([false, false, false, false]);
    expect(support.invented_share).toBe(0);
    expect(support.precision).toBe(0.5);
    // Three sentences ("😀" has no word and is not one): two are covered by a supported span.
    expect(support.recall).toBeCloseTo(2 / 3);
  });

  it("is a check: score is the precision, details carry the verdicts", async () => {
    const [strict] = await evaluateChecks(result, [check("citation-support:0.75")], { judge: lexicalJudge() });
    expect(strict).toMatchObject({ kind: "citation-support", arg: "0.75", passed: false, score: 0.5 });
    expect(strict.reasoning).toBe("2 of 4 citations are supported by their source.");
    expect(supportOf(strict)?.verdicts).toHaveLength(4);
    const [lenient] = await evaluateChecks(result, [check("citation-support")], { judge: lexicalJudge() });
    expect(lenient.passed).toBe(true);
  });

  it("fails an answer without citations and never rejects on a broken judge", async () => {
    const [none] = await evaluateChecks(item({ answer: "No sources." }), [check("citation-support")], { judge: lexicalJudge() });
    expect(none).toMatchObject({ passed: false, reasoning: "The answer has no citations to support." });
    const broken = await checkCitationSupport(result, async () => "nope");
    expect(broken.verdicts.every((v) => !v.supported)).toBe(true);
    expect(broken.verdicts[0].reasoning).toContain("could not be read");
    expect(broken.precision).toBe(0);
    expect(broken.recall).toBe(0);
  });

  it("is not judged, saying why and with no score, when a judge call throws (refused by the budget): never a 0 % precision", async () => {
    const refused = async () => {
      throw new Error("This judge call's reserve, $0.0003, with the $0.07 spent today (UTC) is over your limit of $0.07 a day.");
    };
    const [support] = await evaluateChecks(result, [check("citation-support")], { judge: refused, judgeModel: "gatehouse/judge" });
    expect(support).toMatchObject({ passed: false, judge_model: "gatehouse/judge", details: { skipped: "judge_failed" } });
    expect(support.score).toBeUndefined();
    expect(support.reasoning).toBe("Not judged (3 of 4 citations): The judge call failed: This judge call's reserve, $0.0003, with the $0.07 spent today (UTC) is over your limit of $0.07 a day.");
    expect(supportOf(support)).toBeNull();
  });

  it("asks once for the same span and source", async () => {
    const calls: JudgeRequest[] = [];
    const twice = item({
      answer: "Same claim.",
      citations: [
        { url: "https://a.com", start_index: 0, end_index: 11, content: "Same claim." },
        { url: "https://b.com", start_index: 0, end_index: 11, content: "Same claim." },
      ],
    });
    const support = await checkCitationSupport(twice, lexicalJudge(calls));
    expect(calls).toHaveLength(1);
    expect(support.precision).toBe(1);
    expect(support.recall).toBe(1);
  });
});
