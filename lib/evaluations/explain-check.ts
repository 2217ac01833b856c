import type { CheckResult } from "./evaluate";

/**
 * Why a check passed or failed, in a sentence, for the question page: the stored reasoning when the check has one
 * (the judge's, or why it could not run), else one built from the kind, the argument and the stored details.
 */
export function explainCheck(result: Pick<CheckResult, "kind" | "arg" | "passed" | "reasoning" | "details">): string {
  if (result.reasoning) return result.reasoning;
  const details = result.details ?? {};
  const count = (key: string) => (Array.isArray(details[key]) ? (details[key] as unknown[]).length : 0);
  const first = (key: string) => (Array.isArray(details[key]) && typeof (details[key] as unknown[])[0] === "string" ? ` (e.g. ${(details[key] as string[])[0]})` : "");
  const { kind, arg, passed } = result;
  switch (kind) {
    case "contains":
    case "contains-i":
      return passed ? `The answer contains "${arg}"${kind === "contains-i" ? " (any case)" : ""}.` : `The answer does not contain "${arg}"${kind === "contains-i" ? " in any case" : ""}.`;
    case "not-contains":
    case "not-contains-i":
      return passed ? `The answer does not contain "${arg}".` : `The answer contains "${arg}", which it must not.`;
    case "pattern":
      return passed ? `The answer matches the pattern ${arg}.` : `The answer does not match the pattern ${arg}.`;
    case "cites-domain":
      return passed ? `${count("matched")} citation(s) are on ${arg}${first("matched")}.` : `No citation is on ${arg}.`;
    case "no-domain":
      return passed ? `No citation is on ${arg}.` : `${count("offending")} citation(s) are on ${arg}${first("offending")}.`;
    case "allowed-domains":
      return passed ? `Every citation is on an allowed domain (${arg}).` : `${count("outside")} citation(s) are outside the allowed domains ${arg}${first("outside")}.`;
    case "min-citations":
      return `${String(details.count ?? "?")} distinct pages cited; at least ${arg} needed.`;
    case "max-cost":
      return `The answer cost $${String(details.cost_usd ?? "?")}; at most $${arg} allowed.`;
    case "max-latency-ms":
      return `The answer took ${String(details.latency_ms ?? "?")} ms; at most ${arg} ms allowed.`;
    case "min-length":
      return `The answer is ${String(details.length ?? "?")} characters; at least ${arg} needed.`;
    case "max-length":
      return `The answer is ${String(details.length ?? "?")} characters; at most ${arg} allowed.`;
    default:
      return passed ? "Passed." : "Failed.";
  }
}
