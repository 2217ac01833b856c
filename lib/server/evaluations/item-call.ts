import type { SearchItem } from "@/lib/contract/gateway";
import { createEventBatcher } from "@/lib/playground/event-batcher";
import { initialRunState, runReducer, type RunState } from "@/lib/playground/run-state";
import type { EvaluationCitation, EvaluationSource, ItemResult as EvaluationItemResult } from "@/lib/evaluations/item-result";

/** A citation as an evaluation stores it: the annotation's offsets (code points) in the answer and its source text. */
type StoredCitation = EvaluationCitation;

/** A source the response's web search returned, cited or not. */
type StoredSource = EvaluationSource;

/** What one item's call produced: lib/evaluations' item result (what checks read) plus what the call reported. */
export type ItemResult = EvaluationItemResult & {
  citations: StoredCitation[];
  sources: StoredSource[];
  searches: { query: string | null; status: string }[];
  model: string | null;
  response_id: string | null;
  usage: { input_tokens: number; output_tokens: number; total_tokens: number } | null;
  cost_usd: number;
  ttft_ms: number | null;
  latency_ms: number;
  status: string;
  incomplete_reason: string | null;
};

/** An error in the contract's shape (status, message, code), as stored on a failed item. */
interface ItemError {
  status: number;
  message: string;
  code: string | null;
}

export type ItemOutcome =
  /** `checks`: the plan's checks on this answer; `judgeCostUsd`: what their judge calls cost. */
  | { kind: "done"; result: ItemResult; checks?: unknown[]; judgeCostUsd?: number }
  /**
   * The gateway refused for now (429) or failed transiently (5xx, a cut stream): try again later. `costUsd` null: the
   * call may have been charged and nobody reported what (a stream cut without its final usage), so its reserve is kept.
   */
  | { kind: "transient"; error: ItemError; retryAfterMs: number | null; costUsd: number | null }
  /** Anything else: recorded on the item; the run goes on. `costUsd` as for a transient outcome. */
  | { kind: "failed"; error: ItemError; costUsd: number | null };

/** Sends POST /responses (streaming) to the gateway: the service owning that path (lib/server/services). */
export type SendResponses = (body: Record<string, unknown>, signal: AbortSignal) => Promise<Response>;

const TRANSIENT_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

function parseRetryAfterMs(value: string | null, now: number): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

async function errorOf(response: Response): Promise<ItemError> {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown; code?: unknown } };
    const message = typeof body.error?.message === "string" ? body.error.message : `The gateway answered ${response.status}`;
    const code = typeof body.error?.code === "string" || typeof body.error?.code === "number" ? String(body.error.code) : null;
    return { status: response.status, message, code };
  } catch {
    return { status: response.status, message: `The gateway answered ${response.status}`, code: null };
  }
}

function sourcesOf(searches: RunState["searches"]): { sources: StoredSource[]; searches: ItemResult["searches"] } {
  const sources: StoredSource[] = [];
  const seen = new Set<string>();
  const calls: ItemResult["searches"] = [];
  for (const search of searches) {
    // The action is tolerant of types added later; only a search's query and sources are read here.
    const action = (search.item as SearchItem).action as { type?: string; query?: string; sources?: { url: string; title?: string }[] } | undefined;
    calls.push({ query: action?.type === "search" ? (action.query ?? null) : null, status: search.status });
    if (action?.type !== "search") continue;
    for (const source of action.sources ?? []) {
      if (seen.has(source.url)) continue;
      seen.add(source.url);
      sources.push(source.title === undefined ? { url: source.url } : { url: source.url, title: source.title });
    }
  }
  return { sources, searches: calls };
}

/** The run state the playground's reducer built, as a stored result (one answer: the parts joined in order). */
function resultOf(state: RunState, startedAt: number, endedAt: number): ItemResult {
  let answer = "";
  const citations: StoredCitation[] = [];
  for (const part of state.parts) {
    const offset = answer.length;
    answer += part.text;
    for (const annotation of part.annotations) {
      citations.push({
        url: annotation.url,
        ...(annotation.title === undefined ? {} : { title: annotation.title }),
        start_index: annotation.start_index + offset,
        end_index: annotation.end_index + offset,
        ...(annotation.content === undefined ? {} : { content: annotation.content }),
      });
    }
  }
  const usage = state.usage;
  return {
    answer,
    citations,
    ...sourcesOf(state.searches),
    model: state.model,
    response_id: state.responseId,
    usage: usage ? { input_tokens: usage.input_tokens, output_tokens: usage.output_tokens, total_tokens: usage.total_tokens } : null,
    cost_usd: usage?.cost ?? 0,
    ttft_ms: state.firstTokenAt === null ? null : state.firstTokenAt - startedAt,
    latency_ms: endedAt - startedAt,
    status: state.status,
    incomplete_reason: state.incompleteReason,
  };
}

/**
 * Calls the gateway for one item and reads its stream to the end with the playground's reducer, so an
 * evaluation stores exactly what the playground would show. Classifies the outcome: done, transient (429,
 * 5xx, a stream cut before the response completed) or failed.
 */
export interface CallOptions {
  now?: () => number;
  /**
   * The item's cost when the gateway's usage carries none (a gateway that does not report `usage.cost`): from
   * the model's catalog pricing and the tokens and searches used. Absent: the reported cost, else 0.
   */
  priceOf?: (result: ItemResult) => number;
}

export async function callItem(send: SendResponses, body: Record<string, unknown>, signal: AbortSignal, options: CallOptions = {}): Promise<ItemOutcome> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  let response: Response;
  try {
    response = await send({ ...body, stream: true }, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    // The service maps a refusal to the contract's error (HttpError: status, message, Retry-After passed on).
    const refusal = error as { status?: unknown; headers?: Record<string, string> };
    const status = typeof refusal.status === "number" ? refusal.status : 502;
    const message = error instanceof Error ? error.message : "The gateway could not be reached";
    const itemError = { status, message, code: null };
    const retryAfterMs = parseRetryAfterMs(refusal.headers?.["Retry-After"] ?? refusal.headers?.["retry-after"] ?? null, now());
    return TRANSIENT_STATUSES.has(status) ? { kind: "transient", error: itemError, retryAfterMs, costUsd: 0 } : { kind: "failed", error: itemError, costUsd: 0 };
  }
  if (!response.ok) {
    const error = await errorOf(response);
    if (TRANSIENT_STATUSES.has(response.status)) {
      return { kind: "transient", error, retryAfterMs: parseRetryAfterMs(response.headers.get("retry-after"), now()), costUsd: 0 };
    }
    return { kind: "failed", error, costUsd: 0 };
  }

  let state = runReducer(initialRunState, { type: "start", at: startedAt });
  const batcher = createEventBatcher();
  const reader = response.body?.getReader();
  let cut: string | null = null;
  if (reader) {
    try {
      for (;;) {
        const { value, done: ended } = await reader.read();
        const events = batcher.feed(ended ? undefined : value);
        if (events.length > 0) state = runReducer(state, { type: "events", events, at: now() });
        if (ended || batcher.done) break;
      }
    } catch (error) {
      if (signal.aborted) throw error;
      cut = error instanceof Error ? error.message : "The stream broke";
    } finally {
      await reader.cancel().catch(() => {});
    }
  }
  const endedAt = now();
  if (state.status === "in_progress") state = runReducer(state, { type: "end", at: endedAt });
  const result = resultOf(state, startedAt, endedAt);
  if (state.usage?.cost == null && options.priceOf) result.cost_usd = options.priceOf(result);
  if (state.status === "completed" || state.status === "incomplete") return { kind: "done", result };

  const message = cut ? `The stream broke: ${cut}` : (state.error?.message ?? "The response failed.");
  // The stream began, so the gateway may have charged for it: without a reported cost the outcome is unknown (never
  // $0, and never the catalog's price of the usage it did not report), and the caller keeps the call's reserve.
  const costUsd = state.usage?.cost == null ? null : result.cost_usd;
  const error: ItemError = { status: 502, message, code: state.error?.code ?? null };
  // A stream that ended or broke before the response completed, or a server-side error event, is worth
  // another try; a response the model itself failed (a refusal, a bad request inside the stream) is not.
  const transient = cut !== null || state.error?.code === null || state.error?.code === "server_error" || state.error?.code === "rate_limit_exceeded";
  return transient ? { kind: "transient", error, retryAfterMs: null, costUsd } : { kind: "failed", error, costUsd };
}
