import type { ScoredItem } from "../aggregate";
import { costSplitOf, type CostSplit } from "../cost-split";
import type { CheckResult } from "../evaluate";
import type { ItemResult } from "../item-result";

/**
 * One item of a run as the results read it (the eval_items row, JSON columns parsed): the server hands these in,
 * the pure modules here never touch the database.
 */
export interface StoredItem {
  version_index: number;
  question_index: number;
  repeat_index: number;
  status: "pending" | "claimed" | "done" | "failed" | "cancelled";
  /** The answer of a done item; null otherwise. */
  result: ItemResult | null;
  /** The checks stored with a done item (a re-score replaces them); null when none were run. */
  checks: readonly CheckResult[] | null;
  /** A failed item's error ({ status, message, code } as the runner stores it). */
  error: { message: string; code?: string | number | null; status?: number } | null;
  /** What the item cost, failures and judge calls included: the ledger's figure (settled costs and kept reserves). */
  cost_usd: number | null;
  /** The part of cost_usd that is reserves kept for calls whose cost nobody learned (0 or absent: all reported). */
  cost_unknown_usd?: number;
}

/**
 * An item's cost split (tokens, web search, judge): a done item's from its stored answer, a failed item's whole
 * cost counts as tokens (what its attempts were charged).
 */
export function itemCostSplit(item: StoredItem): CostSplit {
  // The ledger's figure (cost_usd) is the item's whole cost; a done item's stored answer says how it splits.
  if (item.status === "done" && item.result) return costSplitOf(item.result);
  return costSplitOf({ cost_usd: item.cost_usd });
}

/** A question of the run's pinned set version, as the results need it. */
export interface ResultQuestion {
  question: string;
  expected?: string;
  tags: readonly string[];
  allowed_domains: readonly string[];
  time_sensitive: boolean;
  /** The row's own checks (spellings) and variables. */
  checks?: readonly string[];
  vars?: Readonly<Record<string, string>>;
}

/** Items that ended (done or failed): the only ones the results count; pending, running and cancelled ones are left out. */
function isEnded(item: StoredItem): boolean {
  return item.status === "done" || item.status === "failed";
}

/** The error code a failed item carries, for the aggregates' ItemResult shape. */
function errorCode(error: NonNullable<StoredItem["error"]>): string | number {
  return error.code ?? error.status ?? "failed";
}

/**
 * An ended item as lib/evaluations' aggregates read it. A failed item becomes an empty answer with `error` set (it counts
 * against its version, as aggregateVersion defines); its cost is what the gateway charged for the attempts.
 */
export function toScored(item: StoredItem): ScoredItem {
  if (item.status === "done" && item.result) return { result: item.result, checks: item.checks ?? [] };
  const error = item.error ?? { message: "The item has no stored answer." };
  return {
    result: { answer: "", citations: [], sources: [], cost_usd: item.cost_usd, latency_ms: null, ttft_ms: null, error: { code: errorCode(error), message: error.message } },
    checks: item.checks ?? [],
  };
}

/** True when the item ended with an answer (no error). */
export function isAnswered(item: StoredItem): item is StoredItem & { result: ItemResult } {
  return item.status === "done" && item.result !== null && !item.result.error;
}

/**
 * The run's items grouped for lookups: `at(version, question)` gives that cell's ended items by repeat order.
 * Built once per run revision; O(items).
 */
export class ItemGrid {
  private readonly cells: StoredItem[][];

  constructor(
    readonly versions: number,
    readonly questions: number,
    items: Iterable<StoredItem>,
  ) {
    this.cells = Array.from({ length: versions * questions }, () => []);
    for (const item of items) {
      if (item.version_index < 0 || item.version_index >= versions || item.question_index < 0 || item.question_index >= questions) continue;
      this.cells[item.version_index * questions + item.question_index].push(item);
    }
    for (const cell of this.cells) cell.sort((a, b) => a.repeat_index - b.repeat_index);
  }

  /** Every stored item of the cell (any status), repeat order. */
  all(version: number, question: number): readonly StoredItem[] {
    return this.cells[version * this.questions + question] ?? [];
  }

  /** Ended items of the cell, repeat order. */
  at(version: number, question: number): StoredItem[] {
    return this.all(version, question).filter(isEnded);
  }

  /** The cell's item of one repeat, ended or not. */
  repeat(version: number, question: number, repeat: number): StoredItem | undefined {
    return this.all(version, question).find((item) => item.repeat_index === repeat);
  }

  /** Ended items of one version, for its aggregate. */
  ofVersion(version: number): StoredItem[] {
    const out: StoredItem[] = [];
    for (let q = 0; q < this.questions; q++) out.push(...this.at(version, q));
    return out;
  }
}
