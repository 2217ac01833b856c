import "server-only";
import { randomUUID } from "node:crypto";
import type { ResponsesRequest } from "@/lib/contract/gateway";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { createEventBatcher } from "@/lib/playground/event-batcher";
import { loggerFor } from "@/lib/observability/logger";
import { appContext } from "../config/app-context";
import { callUpperBound } from "../ledger/call-reserve";
import type { LedgerEntryRef, Settlement } from "../ledger/ledger";
import { generationCost } from "./generations";
import { modelPrice } from "./model-prices";

/**
 * The playground's POST /responses on the ledger: before the call, the upper bound of its real request is reserved
 * against the person's budget (402/429 past it); after, what the gateway reported (`usage.cost` of the final event,
 * or of the JSON answer) settles it. A stream that ends without a final usage, or that the browser stops, keeps its
 * reserve (the gateway may have charged it); a call the gateway refused is released.
 */

/**
 * What a call to a model the catalog cannot price reserves (a preset, a router, an unknown id): the gateway applies
 * a preset's own settings, which this request does not carry. Settled at the reported cost like any other.
 */
const UNPRICED_CALL_RESERVE_USD = 0.5;
/** The answer length assumed when neither the request nor the catalog bounds it. */
const FALLBACK_MAX_OUTPUT_TOKENS = 32_768;

export async function reserveResponse(user: SessionUser, body: ResponsesRequest): Promise<LedgerEntryRef> {
  const model = body.model ?? body.models?.[0] ?? "";
  const preset = /^@preset\/([^@]+)(?:@(\d+))?$/.exec(model);
  const price = preset ? null : await modelPrice(model);
  const bound = price?.pricing ? callUpperBound(body as Record<string, unknown>, price.pricing, { maxOutputTokens: price.maxOutputTokens ?? FALLBACK_MAX_OUTPUT_TOKENS }).usd : UNPRICED_CALL_RESERVE_USD;
  const { ledger } = await appContext();
  return ledger.reserve({
    userId: user.id,
    feature: preset ? "preset-try" : "playground",
    model,
    preset: preset ? { slug: preset[1], version: preset[2] ? Number(preset[2]) : 0 } : null,
    subject: { kind: "playground-response", id: randomUUID() },
    reserveUsd: bound,
    what: "This answer's reserve",
  });
}

const log = loggerFor("ledger");

/** A ledger write after the answer went out failed: the answer is not held up by it, and the entry keeps counting its reserve. */
function ledgerError(error: unknown): void {
  log.error({ err: error }, "settling a playground answer failed");
}

/** The gateway refused before any charge: the reserve no longer counts. `charged`: the call may have cost (an abort): it keeps counting. */
export async function releaseResponse(entry: LedgerEntryRef, options: { charged: boolean }): Promise<void> {
  const { ledger } = await appContext();
  await (options.charged ? ledger.markUnknown(entry.id) : ledger.release(entry.id)).catch(ledgerError);
}

interface ReportedResponse {
  id?: unknown;
  usage?: { cost?: unknown; input_tokens?: unknown; output_tokens?: unknown; server_tool_use_details?: { web_search_requests?: unknown } } | null;
}

/** A response's reported cost and usage, or null when it carries no cost. */
function settlementOf(response: ReportedResponse | undefined): Settlement | null {
  const usage = response?.usage;
  if (!usage || typeof usage.cost !== "number" || !Number.isFinite(usage.cost)) return null;
  const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
  return {
    costUsd: usage.cost,
    generationId: typeof response.id === "string" ? response.id : null,
    inputTokens: count(usage.input_tokens),
    outputTokens: count(usage.output_tokens),
    webSearches: count(usage.server_tool_use_details?.web_search_requests),
  };
}

/**
 * Settles at the reported cost; without one, at the gateway's generation record of the answer (`generationId`);
 * without that either, the entry keeps counting its reserve (unknown).
 */
async function settleOrKeep(entry: LedgerEntryRef, settlement: Settlement | null, generationId: string | null = null): Promise<void> {
  const { ledger } = await appContext();
  if (settlement) {
    await ledger.settle(entry.id, settlement);
    return;
  }
  const recorded = generationId ? await generationCost(generationId) : null;
  if (recorded) await ledger.settle(entry.id, { ...recorded, generationId });
  else await ledger.markUnknown(entry.id);
}

/** A JSON (not streamed) answer: its usage settles the reserve. */
export async function settleFromJson(entry: LedgerEntryRef, text: string): Promise<void> {
  let parsed: ReportedResponse | undefined;
  try {
    parsed = JSON.parse(text) as ReportedResponse;
  } catch {
    parsed = undefined;
  }
  await settleOrKeep(entry, settlementOf(parsed), typeof parsed?.id === "string" ? parsed.id : null).catch(ledgerError);
}

const FINAL_EVENTS = new Set(["response.completed", "response.incomplete", "response.failed"]);

/**
 * The stream as it is, chunk for chunk, read on the side for its final event's usage; settles when the stream ends
 * or is cancelled. `onError` hears a ledger write that failed (the answer is not held up by it).
 */
export function settleWhenStreamEnds(stream: ReadableStream<Uint8Array>, entry: LedgerEntryRef, onError: (error: unknown) => void = ledgerError): ReadableStream<Uint8Array> {
  const batcher = createEventBatcher();
  let settlement: Settlement | null = null;
  let generationId: string | null = null;
  let settled = false;
  const finish = () => {
    if (settled) return;
    settled = true;
    void settleOrKeep(entry, settlement, generationId).catch(onError);
  };
  const watch = (chunk: Uint8Array | undefined) => {
    for (const event of batcher.feed(chunk)) {
      const typed = event as { type?: string; response?: ReportedResponse };
      if (typeof typed.response?.id === "string") generationId = typed.response.id;
      if (typed.type && FINAL_EVENTS.has(typed.type)) settlement = settlementOf(typed.response) ?? settlement;
    }
  };
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch (error) {
        // The gateway's stream broke: what it cost is unknown unless its final event came.
        finish();
        throw error;
      }
      if (read.done) {
        watch(undefined);
        finish();
        controller.close();
        return;
      }
      controller.enqueue(read.value);
      try {
        watch(read.value);
      } catch (error) {
        onError(error);
      }
    },
    cancel(reason) {
      finish();
      return reader.cancel(reason);
    },
  });
}
