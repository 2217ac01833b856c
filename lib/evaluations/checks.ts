import { RE2JS } from "re2js";
import { z } from "zod";
import { normalizeHostname } from "./hostname";
import { patternProgramBound } from "./pattern-size";

/**
 * Check specs: what the dashboard stores and the CLI spells `kind:arg`. Case-insensitive literal
 * checks are kinds of their own (`contains-i`, `not-contains-i`) so the spelling alone says
 * everything about a check and round-trips through `formatCheck`.
 */
export const CHECK_KINDS = [
  "contains",
  "contains-i",
  "not-contains",
  "not-contains-i",
  "pattern",
  "cites-domain",
  "no-domain",
  "min-citations",
  "max-cost",
  "max-latency-ms",
  "min-length",
  "max-length",
  "judge",
  "citation-support",
  "expected",
  "expected-terms",
  "allowed-domains",
] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export const CHECK_LIMITS = {
  textMaxChars: 1_000,
  patternMaxChars: 500,
  /**
   * A pattern's program size (patternProgramBound, read before compiling). Matching costs up to the answer's
   * length times this (measured with re2js: `a[ab]{450}\d`, 454 instructions, takes 0.5 s over 2,000 characters
   * of a and b), so it bounds a check's time with the check workers' deadline; `.{0,160}` fits, the issue's
   * 4,800-instruction pattern does not.
   */
  patternMaxProgramSize: 500,
  /** The same over all the pattern checks of one list: what scoring one answer costs at most. */
  patternsMaxTotalProgramSize: 2_000,
  domainsMax: 50,
  rubricMaxChars: 4_000,
  citationsMax: 1_000,
  costMaxUsd: 1_000,
  latencyMaxMs: 3_600_000,
  lengthMaxChars: 1_000_000,
  checksMax: 32,
} as const;

/** Compiles an RE2 pattern or says why it cannot be (never a JavaScript RegExp: input is untrusted). */
export function compilePattern(pattern: string): { ok: true; re: RE2JS } | { ok: false; message: string } {
  if (pattern.length === 0) return { ok: false, message: "pattern must not be empty" };
  if (pattern.length > CHECK_LIMITS.patternMaxChars) return { ok: false, message: `pattern must be at most ${CHECK_LIMITS.patternMaxChars} characters` };
  // Weighed before compiling: compiling a large program is itself slow (a third of a second at 500 characters).
  const size = patternProgramBound(pattern);
  if (size > CHECK_LIMITS.patternMaxProgramSize) return { ok: false, message: `"${pattern}" is too complex (RE2 program size up to ${size}, over ${CHECK_LIMITS.patternMaxProgramSize}; use smaller repeat counts)` };
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch (error) {
    return { ok: false, message: `"${pattern}" is not a valid RE2 pattern (${error instanceof Error ? error.message : String(error)})` };
  }
  if (re.programSize() > CHECK_LIMITS.patternMaxProgramSize) return { ok: false, message: `"${pattern}" is too complex (RE2 program size over ${CHECK_LIMITS.patternMaxProgramSize})` };
  return { ok: true, re };
}

const DomainListSchema = z
  .array(z.string())
  .min(1, { message: "must name at least one domain" })
  .max(CHECK_LIMITS.domainsMax, { message: `must name at most ${CHECK_LIMITS.domainsMax} domains` })
  .transform((domains, ctx) => {
    const out: string[] = [];
    domains.forEach((domain, i) => {
      const result = normalizeHostname(domain);
      if (result.ok) out.push(result.value);
      else ctx.addIssue({ code: "custom", path: [i], message: result.message });
    });
    return out;
  });

const TextSchema = z
  .string()
  .min(1, { message: "must not be empty" })
  .max(CHECK_LIMITS.textMaxChars, { message: `must be at most ${CHECK_LIMITS.textMaxChars} characters` });

const PatternSchema = z.string().superRefine((pattern, ctx) => {
  const compiled = compilePattern(pattern);
  if (!compiled.ok) ctx.addIssue({ code: "custom", message: compiled.message });
});

const literal = <K extends CheckKind>(kind: K) => z.literal(kind);
const count = (max: number) => z.number().int().min(0).max(max);

export const CheckSpecSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: literal("contains"), text: TextSchema }),
  z.strictObject({ kind: literal("contains-i"), text: TextSchema }),
  z.strictObject({ kind: literal("not-contains"), text: TextSchema }),
  z.strictObject({ kind: literal("not-contains-i"), text: TextSchema }),
  z.strictObject({ kind: literal("pattern"), pattern: PatternSchema }),
  z.strictObject({ kind: literal("cites-domain"), domains: DomainListSchema }),
  z.strictObject({ kind: literal("no-domain"), domains: DomainListSchema }),
  z.strictObject({ kind: literal("min-citations"), n: count(CHECK_LIMITS.citationsMax) }),
  z.strictObject({ kind: literal("max-cost"), usd: z.number().min(0).max(CHECK_LIMITS.costMaxUsd) }),
  z.strictObject({ kind: literal("max-latency-ms"), ms: count(CHECK_LIMITS.latencyMaxMs) }),
  z.strictObject({ kind: literal("min-length"), chars: count(CHECK_LIMITS.lengthMaxChars) }),
  z.strictObject({ kind: literal("max-length"), chars: count(CHECK_LIMITS.lengthMaxChars) }),
  z.strictObject({
    kind: literal("judge"),
    rubric: z
      .string()
      .trim()
      .min(1, { message: "must not be empty" })
      .max(CHECK_LIMITS.rubricMaxChars, { message: `must be at most ${CHECK_LIMITS.rubricMaxChars} characters` }),
    /** The score at or above which the check passes; unset, the run's pass threshold (0.5 unless chosen). */
    threshold: z.number().min(0).max(1).optional(),
  }),
  z.strictObject({
    kind: literal("citation-support"),
    /** The citation precision at or above which the check passes. */
    min_precision: z.number().min(0).max(1).default(0.5),
  }),
  /** Judge-graded: does the answer state what the row's `expected` says? Unset threshold: the run's. */
  z.strictObject({ kind: literal("expected"), threshold: z.number().min(0).max(1).optional() }),
  /** Deterministic: the share of the row's `expected` key terms found in the answer is at least `min_share`. */
  z.strictObject({ kind: literal("expected-terms"), min_share: z.number().min(0).max(1).default(0.5) }),
  /** Every citation is on one of these domains (subdomains count); what a row's `allowed_domains` becomes. */
  z.strictObject({ kind: literal("allowed-domains"), domains: DomainListSchema }),
]);
export type CheckSpec = z.infer<typeof CheckSpecSchema>;
/** @public API of lib/evaluations for the runner, pages and CLI. */
export type CheckSpecInput = z.input<typeof CheckSpecSchema>;

/**
 * What makes a list of valid checks too costly to run on one answer: its patterns' programs together over
 * patternsMaxTotalProgramSize. Names the check that passes the limit (its index in the list), or null.
 */
export function checkListProblem(checks: readonly CheckSpec[]): { index: number; message: string } | null {
  let total = 0;
  for (const [index, check] of checks.entries()) {
    if (check.kind !== "pattern") continue;
    total += patternProgramBound(check.pattern);
    if (total > CHECK_LIMITS.patternsMaxTotalProgramSize) {
      return { index, message: `the pattern checks together are too complex (RE2 program sizes up to ${total} by this one, over ${CHECK_LIMITS.patternsMaxTotalProgramSize} for all of them)` };
    }
  }
  return null;
}

/** @public API of lib/evaluations for the runner, pages and CLI. */
export const CheckListSchema = z
  .array(CheckSpecSchema)
  .max(CHECK_LIMITS.checksMax, { message: `must have at most ${CHECK_LIMITS.checksMax} checks` })
  .superRefine((checks, ctx) => {
    const problem = checkListProblem(checks);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.index], message: problem.message });
  });

/** True for the checks that call the judge model (and cost money on a re-run). */
export function usesJudge(check: CheckSpec): boolean {
  return check.kind === "judge" || check.kind === "citation-support" || check.kind === "expected";
}
