import type { Db } from "./db";

/** One answer of POST /responses as the gateway keeps it: what GET /generation?id= reports. */
export interface GenerationRecord {
  id: string;
  keyId: string;
  model: string;
  createdAt: number;
  streamed: boolean;
  finishReason: string | null;
  tokensPrompt: number;
  tokensCompletion: number;
  searchResults: number;
  totalCost: number;
  latencyMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The generations of this gateway (migration 3): written as each answer ends, read one by one (/generation) and
 * summed (/credits, /key, /activity) as the real gateway's accounting endpoints do.
 */
export class GenerationsStore {
  constructor(private readonly db: Db) {}

  record(generation: GenerationRecord): void {
    this.db
      .prepare(
        `INSERT OR IGNORE INTO generations (id, key_id, model, created_at, streamed, finish_reason, tokens_prompt, tokens_completion, num_search_results, total_cost, latency_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        generation.id,
        generation.keyId,
        generation.model,
        generation.createdAt,
        generation.streamed ? 1 : 0,
        generation.finishReason,
        generation.tokensPrompt,
        generation.tokensCompletion,
        generation.searchResults,
        generation.totalCost,
        generation.latencyMs,
      );
  }

  get(id: string): GenerationRecord | undefined {
    const row = this.db.prepare("SELECT * FROM generations WHERE id = ?").get(id) as Record<string, unknown> | undefined;
    if (!row) return undefined;
    return {
      id: String(row.id),
      keyId: String(row.key_id),
      model: String(row.model),
      createdAt: Number(row.created_at),
      streamed: row.streamed === 1,
      finishReason: row.finish_reason === null ? null : String(row.finish_reason),
      tokensPrompt: Number(row.tokens_prompt),
      tokensCompletion: Number(row.tokens_completion),
      searchResults: Number(row.num_search_results),
      totalCost: Number(row.total_cost),
      latencyMs: Number(row.latency_ms),
    };
  }

  /** Total cost of the generations since `since` (epoch ms), of one key or all. */
  usageSince(since: number, keyId?: string): number {
    const sql = `SELECT COALESCE(SUM(total_cost), 0) FROM generations WHERE created_at >= ?${keyId ? " AND key_id = ?" : ""}`;
    return Number(this.db.prepare(sql).pluck().get(...(keyId ? [since, keyId] : [since])));
  }

  /** Per UTC day and model over the last 30 completed UTC days before `now` (or one day): what /activity reports. */
  activity(now: number, date?: string) {
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    const from = date ? Date.parse(`${date}T00:00:00Z`) : today - 30 * DAY_MS;
    const to = date ? from + DAY_MS : today;
    return this.db
      .prepare(
        `SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS date, model, COUNT(*) AS requests, SUM(total_cost) AS usage,
                SUM(tokens_prompt) AS prompt_tokens, SUM(tokens_completion) AS completion_tokens
         FROM generations WHERE created_at >= ? AND created_at < ? GROUP BY date, model ORDER BY date, model`,
      )
      .all(from, to) as { date: string; model: string; requests: number; usage: number; prompt_tokens: number; completion_tokens: number }[];
  }
}
