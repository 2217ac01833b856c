import { AbortedError, type ResponseEvent } from "./generate";
import { loggerFor } from "@/lib/observability/logger";

const log = loggerFor("gateway");

export interface StreamCounters {
  open: number;
  completed: number;
  aborted_by_client: number;
  last_aborted_at: string | null;
  cut_by_fault: number;
}

export function newStreamCounters(): StreamCounters {
  return { open: 0, completed: 0, aborted_by_client: 0, last_aborted_at: null, cut_by_fault: 0 };
}

const encoder = new TextEncoder();

/**
 * Turns the event generator into a `text/event-stream` body. A client that goes away (the
 * request's signal, or the body being cancelled) aborts the generator at its next await, so
 * generation stops at once. `cutAfterEvents` (fault injection) errors the body after that many
 * events: the adapter then destroys the socket, and the client sees a connection that ends
 * without `data: [DONE]`.
 */
export function eventStream(
  events: (signal: AbortSignal) => AsyncGenerator<ResponseEvent>,
  opts: {
    requestSignal: AbortSignal;
    counters: StreamCounters;
    cutAfterEvents: number | null;
    /** Fault injection too: errors the body after this many output_text deltas (mid-answer). */
    cutAfterDeltas?: number | null;
    /** Destroys the connection; without it a cut errors the body instead (the adapter then logs it). */
    destroyConnection?: () => void;
  },
): ReadableStream<Uint8Array> {
  const abort = new AbortController();
  const { counters } = opts;
  let finished = false;
  const finish = (outcome: "completed" | "aborted" | "cut" | "failed") => {
    if (finished) return;
    finished = true;
    counters.open -= 1;
    if (outcome === "completed") counters.completed += 1;
    if (outcome === "aborted") {
      counters.aborted_by_client += 1;
      counters.last_aborted_at = new Date().toISOString();
    }
    if (outcome === "cut") counters.cut_by_fault += 1;
  };
  const onClientGone = () => abort.abort();
  opts.requestSignal.addEventListener("abort", onClientGone, { once: true });

  return new ReadableStream<Uint8Array>({
    start(controller) {
      counters.open += 1;
      void (async () => {
        let sent = 0;
        let deltas = 0;
        const cutAfterDeltas = opts.cutAfterDeltas ?? null;
        const cutting = opts.cutAfterEvents !== null || cutAfterDeltas !== null;
        const cut = () => {
          abort.abort();
          finish("cut");
          if (opts.destroyConnection) {
            // Give the adapter a moment to write the events already queued, then drop the socket.
            setTimeout(opts.destroyConnection, 20);
          } else {
            controller.error(new Error("stream cut by fault injection"));
          }
        };
        try {
          for await (const event of events(abort.signal)) {
            if ((opts.cutAfterEvents !== null && sent >= opts.cutAfterEvents) || (cutAfterDeltas !== null && deltas >= cutAfterDeltas)) {
              cut();
              return;
            }
            if (event.type === "response.output_text.delta") deltas += 1;
            controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
            sent += 1;
          }
          if (cutting) {
            cut();
            return;
          }
          controller.enqueue(encoder.encode("data: [DONE]\n\n"));
          controller.close();
          finish("completed");
        } catch (error) {
          if (error instanceof AbortedError || abort.signal.aborted) {
            finish("aborted");
            return;
          }
          // Headers are gone already; an error event is the only way left to tell the client.
          log.error({ err: error }, "stream failed");
          try {
            controller.enqueue(encoder.encode(`data: ${JSON.stringify({ type: "error", sequence_number: sent, code: "server_error", message: "Internal Server Error", param: null })}\n\n`));
            controller.enqueue(encoder.encode("data: [DONE]\n\n"));
            controller.close();
          } catch {
            // the client is gone too
          }
          finish("failed");
        } finally {
          opts.requestSignal.removeEventListener("abort", onClientGone);
        }
      })();
    },
    cancel() {
      abort.abort();
    },
  });
}
