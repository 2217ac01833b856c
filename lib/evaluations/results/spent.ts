import type { RunSpent } from "@/lib/contract/bff/evaluation-results";
import { itemCostSplit, type ItemGrid } from "./stored-item";

/**
 * What a run spent, from every stored item whatever its status (a cancelled item whose call was cut still cost its
 * kept reserve): the items carry the ledger's figures (the server put them there), so this is the ledger's sum for
 * the run. The aggregates count answered items only; this is the run's whole spending, and the run page's "Spent".
 */
export function runSpent(grid: ItemGrid): RunSpent {
  const spent: RunSpent = { total_usd: 0, tokens_usd: 0, web_search_usd: 0, judge_usd: 0, unknown_usd: 0, unanswered_usd: 0 };
  for (let version = 0; version < grid.versions; version++) {
    for (let question = 0; question < grid.questions; question++) {
      for (const item of grid.all(version, question)) {
        const split = itemCostSplit(item);
        spent.total_usd += split.total_usd;
        spent.tokens_usd += split.tokens_usd;
        spent.web_search_usd += split.web_search_usd;
        spent.judge_usd += split.judge_usd;
        spent.unknown_usd += item.cost_unknown_usd ?? 0;
        if (item.status !== "done") spent.unanswered_usd += split.total_usd;
      }
    }
  }
  return spent;
}
