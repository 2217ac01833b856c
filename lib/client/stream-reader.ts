import type { AnyStreamEvent } from "@/lib/contract/gateway";
import { createEventBatcher } from "@/lib/playground/event-batcher";
import { apiRequest } from "./api-client";

export interface StreamHandlers {
  /** Events parsed from one network chunk, delivered together so the UI renders once per chunk. */
  onEvents: (events: AnyStreamEvent[]) => void;
  /** A line that was skipped or repaired (console.warn by default). */
  onWarning?: (message: string) => void;
}

export type StreamEnd = "done" | "eof";

/**
 * Reads a text/event-stream body: UTF-8 decoded across chunk boundaries, split into events by
 * eventsource-parser, each `data` parsed with the shared schema. Resolves "done" at `data: [DONE]`,
 * "eof" when the body ends without it. Rejects with the AbortError when `signal` aborts.
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, handlers: StreamHandlers, signal?: AbortSignal): Promise<StreamEnd> {
  const onWarning = handlers.onWarning ?? ((message: string) => console.warn(message));
  const batcher = createEventBatcher({ onWarning, keepUnterminatedLastEvent: true });
  const reader = body.getReader();
  const onAbort = () => void reader.cancel().catch(() => {});
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason ?? new DOMException("Aborted", "AbortError");
      const { value, done: ended } = await reader.read();
      if (signal?.aborted) throw signal.reason ?? new DOMException("Aborted", "AbortError");
      const events = batcher.feed(ended ? undefined : value);
      if (events.length > 0) handlers.onEvents(events);
      if (batcher.done) {
        await reader.cancel().catch(() => {});
        return "done";
      }
      if (ended) return "eof";
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * POST /api/responses with stream on and reads the events. A non-2xx answer rejects with the
 * ApiError (its message is the contract's error message); Stop is `signal.abort()`, which also
 * closes the BFF's upstream request.
 */
export async function streamResponses(
  body: unknown,
  handlers: StreamHandlers & { signal?: AbortSignal; path?: string },
): Promise<StreamEnd> {
  const response = await apiRequest(handlers.path ?? "/api/responses", {
    method: "POST",
    json: body,
    signal: handlers.signal,
    headers: { accept: "text/event-stream" },
  });
  if (!response.body) return "eof";
  return readEventStream(response.body, handlers, handlers.signal);
}

export function isAbortError(error: unknown): boolean {
  return (error instanceof DOMException || error instanceof Error) && error.name === "AbortError";
}
