import type { ItemResult } from "./item-result";

/**
 * What one answer cost, split three ways: model tokens, web search, and the judge calls that graded it. The one
 * function every figure reads (run page, results page, exports, CLI). The figures come from the ledger: the server
 * puts each item's ledger figures on its stored answer (`withLedgerCost`) before anything here reads it, so every
 * page and file sums the same numbers as the ledger does.
 */
export interface CostSplit {
  tokens_usd: number;
  web_search_usd: number;
  judge_usd: number;
  total_usd: number;
}

/** A stored answer as far as its cost goes (a failed item has only its cost). */
export type CostedResult = Pick<ItemResult, "cost_usd" | "web_search_cost_usd" | "judge_cost_usd"> & { searches?: readonly unknown[] };

/**
 * `cost_usd` is the answer's own cost (tokens and searches, as the gateway reported it); its web-search part is the
 * stored `web_search_cost_usd`, else searches × `searchPriceUsd` (the catalog's price per search) when known, never
 * more than the answer cost. The judge's part is stored apart (`judge_cost_usd`).
 */
export function costSplitOf(result: CostedResult, searchPriceUsd?: number): CostSplit {
  const answer = Math.max(0, result.cost_usd ?? 0);
  const searches = result.searches?.length ?? 0;
  const searchGuess = searchPriceUsd === undefined ? 0 : searches * searchPriceUsd;
  const web = Math.min(answer, Math.max(0, result.web_search_cost_usd ?? searchGuess));
  const judge = Math.max(0, result.judge_cost_usd ?? 0);
  return { tokens_usd: answer - web, web_search_usd: web, judge_usd: judge, total_usd: answer + judge };
}

/** The sum of several splits. */
export function addCostSplits(splits: Iterable<CostSplit>): CostSplit {
  const total: CostSplit = { tokens_usd: 0, web_search_usd: 0, judge_usd: 0, total_usd: 0 };
  for (const split of splits) {
    total.tokens_usd += split.tokens_usd;
    total.web_search_usd += split.web_search_usd;
    total.judge_usd += split.judge_usd;
    total.total_usd += split.total_usd;
  }
  return total;
}

/**
 * An answer's cost as the ledger counts it: its own calls (the answer and every retry) and the judge calls that graded
 * it, each at its settled cost or, when nobody learned it, the reserve it keeps (`unknown_usd` of the two together).
 */
export interface LedgerCost {
  answer_usd: number;
  judge_usd: number;
  unknown_usd: number;
}

/**
 * The stored answer with the ledger's figures in place of those stored with it (what the gateway reported for its
 * last attempt): `cost_usd` its own calls, `judge_cost_usd` its judge calls. Its web-search part stays as stored,
 * never more than the answer's cost (costSplitOf bounds it).
 */
export function withLedgerCost<T extends CostedResult>(result: T, cost: LedgerCost): T {
  return { ...result, cost_usd: cost.answer_usd, judge_cost_usd: cost.judge_usd };
}
