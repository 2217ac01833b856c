import type { Ledger } from "../ledger/ledger";

/**
 * What one evaluation item cost, as the ledger counts it (convention 23): the one figure per answer that the run
 * page, the results page, the exports, the CLI and the runs list all show. Each of the item's calls (its answer, every
 * retry, each judge call) counts its settled cost, or, when nobody learned what it cost (a stream cut without usage,
 * a claim whose instance died), the reserve it keeps. `unknown_usd` says how much of the figure is such kept reserves.
 */
export interface ItemCost {
  /** The item's own calls (answer and retries). */
  answer_usd: number;
  /** The judge calls that graded it. */
  judge_usd: number;
  /** answer_usd + judge_usd: the figure. */
  total_usd: number;
  /** The part of total_usd that is reserves kept for unknown outcomes, not reported costs. */
  unknown_usd: number;
  /** Reserves of its calls still in flight (not part of the figure until they settle). */
  in_flight_usd: number;
}

/** The ledger subject of a run's item: "run:position" of kind evaluation-item, grouped by the run. */
const ITEM_SUBJECT_KIND = "evaluation-item";

const JUDGE_FEATURE = "evaluation-judge";

function emptyCost(): ItemCost {
  return { answer_usd: 0, judge_usd: 0, total_usd: 0, unknown_usd: 0, in_flight_usd: 0 };
}

/** Each item's cost by position, for the items the ledger has entries of (a run written whole by a bench has none). */
export async function itemCostsOf(ledger: Ledger, runId: string): Promise<Map<number, ItemCost>> {
  const costs = new Map<number, ItemCost>();
  for (const row of await ledger.countedByGroup({ kind: ITEM_SUBJECT_KIND, group: runId })) {
    const position = Number(row.subjectId.slice(row.subjectId.lastIndexOf(":") + 1));
    if (!Number.isInteger(position)) continue;
    const cost = costs.get(position) ?? emptyCost();
    const counted = row.settledUsd + row.unknownUsd;
    if (row.feature === JUDGE_FEATURE) cost.judge_usd += counted;
    else cost.answer_usd += counted;
    cost.total_usd += counted;
    cost.unknown_usd += row.unknownUsd;
    cost.in_flight_usd += row.openUsd;
    costs.set(position, cost);
  }
  return costs;
}

/** The sum of several items' costs. */
export function sumItemCosts(costs: Iterable<ItemCost>): ItemCost {
  const sum = emptyCost();
  for (const cost of costs) {
    sum.answer_usd += cost.answer_usd;
    sum.judge_usd += cost.judge_usd;
    sum.total_usd += cost.total_usd;
    sum.unknown_usd += cost.unknown_usd;
    sum.in_flight_usd += cost.in_flight_usd;
  }
  return sum;
}
