import { describe, expect, it } from "vitest";
import { formatCheck, parseCheck } from "./check-spelling";
import { CheckSpecSchema, compilePattern } from "./checks";

function parsed(spelling: string) {
  const result = parseCheck(spelling);
  if (!result.ok) throw new Error(result.message);
  return result.check;
}

function message(spelling: string): string {
  const result = parseCheck(spelling);
  if (result.ok) throw new Error(`expected ${spelling} to be refused`);
  return result.message;
}

describe("parseCheck", () => {
  it("reads every kind", () => {
    expect(parsed("contains:Paris")).toEqual({ kind: "contains", text: "Paris" });
    expect(parsed("contains-i:paris")).toEqual({ kind: "contains-i", text: "paris" });
    expect(parsed("not-contains:I cannot")).toEqual({ kind: "not-contains", text: "I cannot" });
    expect(parsed("not-contains-i:sorry")).toEqual({ kind: "not-contains-i", text: "sorry" });
    expect(parsed("pattern:\\d{4}-\\d{2}")).toEqual({ kind: "pattern", pattern: "\\d{4}-\\d{2}" });
    expect(parsed("cites-domain:A.com, www.b.org")).toEqual({ kind: "cites-domain", domains: ["a.com", "b.org"] });
    expect(parsed("no-domain:spam.net")).toEqual({ kind: "no-domain", domains: ["spam.net"] });
    expect(parsed("min-citations:2")).toEqual({ kind: "min-citations", n: 2 });
    expect(parsed("max-cost:0.05")).toEqual({ kind: "max-cost", usd: 0.05 });
    expect(parsed("max-latency-ms:20000")).toEqual({ kind: "max-latency-ms", ms: 20000 });
    expect(parsed("min-length:10")).toEqual({ kind: "min-length", chars: 10 });
    expect(parsed("max-length:2000")).toEqual({ kind: "max-length", chars: 2000 });
    expect(parsed("judge:Answers the question: says when")).toEqual({ kind: "judge", rubric: "Answers the question: says when" });
    expect(parsed("citation-support")).toEqual({ kind: "citation-support", min_precision: 0.5 });
    expect(parsed("citation-support:0.8")).toEqual({ kind: "citation-support", min_precision: 0.8 });
  });

  it("round-trips through formatCheck", () => {
    for (const spelling of ["contains-i:x:y", "pattern:(?i)a+b", "cites-domain:a.com,b.org", "max-cost:0.5", "judge:be brief", "citation-support:0.5"]) {
      expect(formatCheck(parsed(spelling))).toBe(spelling);
    }
  });

  it("names the bad check and says why", () => {
    expect(message("contain:x")).toMatch(/^check "contain:x": unknown kind "contain"/);
    expect(message("contains")).toBe('check "contains": needs an argument: contains:<value>');
    expect(message("contains:")).toBe('check "contains:": text must not be empty');
    expect(message("min-citations:two")).toContain("needs a whole number");
    expect(message("max-cost:-1")).toContain("needs a dollar amount");
    expect(message("cites-domain:https://a.com/x")).toContain("must be a hostname like example.com");
    expect(message("cites-domain:")).toContain("must name at least one domain");
    expect(message("citation-support:2")).toContain("citation-support");
    expect(message("judge:   ")).toContain("must not be empty");
  });

  it("refuses an invalid pattern, naming it, and patterns over the bounds", () => {
    expect(message("pattern:(a")).toMatch(/"\(a" is not a valid RE2 pattern/);
    expect(message("pattern:(?<=a)b")).toContain("is not a valid RE2 pattern");
    expect(message(`pattern:${"a".repeat(501)}`)).toContain("at most 500 characters");
    expect(compilePattern("((a{100}){100}){100}").ok).toBe(false);
  });

  it("the schema is closed and typed", () => {
    expect(CheckSpecSchema.safeParse({ kind: "contains", text: "x", extra: 1 }).success).toBe(false);
    expect(CheckSpecSchema.safeParse({ kind: "min-citations", n: 1.5 }).success).toBe(false);
    expect(CheckSpecSchema.safeParse({ kind: "judge", rubric: "x", threshold: 2 }).success).toBe(false);
  });
});
