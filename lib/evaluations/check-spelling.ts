import { describeZodError } from "@/lib/contract/gateway/errors";
import { CHECK_KINDS, CheckSpecSchema, type CheckKind, type CheckSpec } from "./checks";

/*
 * The CLI spelling of a check, `kind:arg` (`contains:Paris`, `cites-domain:a.com,b.org`,
 * `citation-support`). Everything after the first colon is the argument, colons included, so a
 * rubric or a pattern may hold colons.
 */

export type CheckParseResult = { ok: true; check: CheckSpec } | { ok: false; message: string };

const INTEGER = /^\d{1,10}$/;
const DECIMAL = /^\d{1,10}(\.\d{1,12})?$/;

/** Kinds whose argument may be left out (`citation-support`, `expected`, `expected-terms`). */
const ARGUMENT_OPTIONAL: ReadonlySet<CheckKind> = new Set(["citation-support", "expected", "expected-terms"]);

function isKind(kind: string): kind is CheckKind {
  return (CHECK_KINDS as readonly string[]).includes(kind);
}

function fail(spelling: string, message: string): CheckParseResult {
  return { ok: false, message: `check "${spelling.length > 80 ? `${spelling.slice(0, 77)}...` : spelling}": ${message}` };
}

/** The spec's fields from the argument text, before the schema checks bounds. */
function fields(kind: CheckKind, arg: string): Record<string, unknown> | string {
  switch (kind) {
    case "contains":
    case "contains-i":
    case "not-contains":
    case "not-contains-i":
      return { text: arg };
    case "pattern":
      return { pattern: arg };
    case "cites-domain":
    case "no-domain":
    case "allowed-domains":
      return { domains: arg.split(",").map((d) => d.trim()).filter((d) => d !== "") };
    case "min-citations":
      return INTEGER.test(arg) ? { n: Number(arg) } : "needs a whole number, e.g. min-citations:2";
    case "max-latency-ms":
      return INTEGER.test(arg) ? { ms: Number(arg) } : "needs a whole number of milliseconds, e.g. max-latency-ms:20000";
    case "min-length":
    case "max-length":
      return INTEGER.test(arg) ? { chars: Number(arg) } : `needs a whole number of characters, e.g. ${kind}:200`;
    case "max-cost":
      return DECIMAL.test(arg) ? { usd: Number(arg) } : "needs a dollar amount, e.g. max-cost:0.05";
    case "judge":
      return { rubric: arg };
    case "citation-support":
      if (arg === "") return {};
      return DECIMAL.test(arg) ? { min_precision: Number(arg) } : "takes no argument, or the minimum citation precision from 0 to 1";
    case "expected":
      if (arg === "") return {};
      return DECIMAL.test(arg) ? { threshold: Number(arg) } : "takes no argument, or the pass threshold from 0 to 1";
    case "expected-terms":
      if (arg === "") return {};
      return DECIMAL.test(arg) ? { min_share: Number(arg) } : "takes no argument, or the share of key terms from 0 to 1 that must appear";
  }
}

export function parseCheck(spelling: string): CheckParseResult {
  const colon = spelling.indexOf(":");
  const kind = (colon < 0 ? spelling : spelling.slice(0, colon)).trim().toLowerCase();
  const arg = colon < 0 ? "" : spelling.slice(colon + 1);
  if (!isKind(kind)) return fail(spelling, `unknown kind "${kind}" (one of ${CHECK_KINDS.join(", ")})`);
  if (colon < 0 && !ARGUMENT_OPTIONAL.has(kind)) return fail(spelling, `needs an argument: ${kind}:<value>`);
  const parsedFields = fields(kind, arg);
  if (typeof parsedFields === "string") return fail(spelling, parsedFields);
  const parsed = CheckSpecSchema.safeParse({ kind, ...parsedFields });
  if (!parsed.success) return fail(spelling, describeZodError(parsed.error).map((issue) => issue.message).join("; "));
  return { ok: true, check: parsed.data };
}

/** The argument of a check as the CLI spells it (what results and reports show as `arg`). */
export function checkArg(check: CheckSpec): string {
  switch (check.kind) {
    case "contains":
    case "contains-i":
    case "not-contains":
    case "not-contains-i":
      return check.text;
    case "pattern":
      return check.pattern;
    case "cites-domain":
    case "no-domain":
    case "allowed-domains":
      return check.domains.join(",");
    case "min-citations":
      return String(check.n);
    case "max-cost":
      return String(check.usd);
    case "max-latency-ms":
      return String(check.ms);
    case "min-length":
    case "max-length":
      return String(check.chars);
    case "judge":
      return check.rubric;
    case "citation-support":
      return String(check.min_precision);
    case "expected":
      return check.threshold === undefined ? "" : String(check.threshold);
    case "expected-terms":
      return String(check.min_share);
  }
}

/** `kind:arg`, which `parseCheck` reads back to the same spec. */
export function formatCheck(check: CheckSpec): string {
  const arg = checkArg(check);
  return arg === "" ? check.kind : `${check.kind}:${arg}`;
}
