import type { CheckResult } from "../evaluate";
import type { EvaluationCitation, EvaluationSource } from "../item-result";
import type { StoredItem } from "./stored-item";

/** Builders of stored items for the results' unit tests. */

export function answered(
  key: { v: number; q: number; r?: number },
  answer: string,
  options: { urls?: string[]; sources?: EvaluationSource[]; checks?: Array<[string, boolean]>; cost?: number; latency?: number; citations?: EvaluationCitation[] } = {},
): StoredItem {
  const citations = options.citations ?? (options.urls ?? []).map((url) => ({ url, start_index: 0, end_index: Math.min(5, answer.length) }));
  return {
    version_index: key.v,
    question_index: key.q,
    repeat_index: key.r ?? 0,
    status: "done",
    result: { answer, citations, sources: options.sources ?? [], cost_usd: options.cost ?? 0.01, latency_ms: options.latency ?? 1000, ttft_ms: 100 },
    checks: (options.checks ?? []).map(([spelling, passed]): CheckResult => {
      const [kind, ...rest] = spelling.split(":");
      return { kind: kind as CheckResult["kind"], arg: rest.join(":"), passed };
    }),
    error: null,
    cost_usd: options.cost ?? 0.01,
  };
}

export function failed(key: { v: number; q: number; r?: number }, message = "upstream 502"): StoredItem {
  return { version_index: key.v, question_index: key.q, repeat_index: key.r ?? 0, status: "failed", result: null, checks: null, error: { status: 502, message, code: null }, cost_usd: 0 };
}

export const question = (text: string, extra: Partial<{ tags: string[]; allowed_domains: string[]; time_sensitive: boolean; expected: string }> = {}) => ({
  question: text,
  tags: extra.tags ?? [],
  allowed_domains: extra.allowed_domains ?? [],
  time_sensitive: extra.time_sensitive ?? false,
  ...(extra.expected === undefined ? {} : { expected: extra.expected }),
});
