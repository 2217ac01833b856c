import "server-only";

export const EVENT_STREAM_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform is what stops `next start` from gzipping the stream (measured; see
  // shared/design/streaming-relay.md); no-cache keeps proxies from holding it.
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
  "X-Content-Type-Options": "nosniff",
};

const DONE_LINE = Buffer.from("data: [DONE]");
const SEQUENCE_KEY = Buffer.from('"sequence_number"');
const LF_LF = Buffer.from("\n\n");
const CRLF_CRLF = Buffer.from("\r\n\r\n");

export type RelayOutcome = "done" | "broken" | "idle" | "cancelled";

export interface RelayOptions {
  /** Ends the relay with an error event when the gateway sends nothing for this long. */
  idleTimeoutMs?: number;
  onEnd?: (outcome: RelayOutcome) => void;
}

/** Offset just past the last complete event (blank line) in `data`, or 0 when there is none. */
function completeEventsEnd(data: Buffer): number {
  const lf = data.lastIndexOf(LF_LF);
  const crlf = data.lastIndexOf(CRLF_CRLF);
  return Math.max(lf < 0 ? 0 : lf + 2, crlf < 0 ? 0 : crlf + 4);
}

/** The last "sequence_number": N in `data`, or -1. */
function lastSequenceNumber(data: Buffer): number {
  const at = data.lastIndexOf(SEQUENCE_KEY);
  if (at < 0) return -1;
  let i = at + SEQUENCE_KEY.length;
  while (i < data.length && (data[i] === 0x20 || data[i] === 0x3a)) i++;
  let n = -1;
  while (i < data.length && data[i] >= 0x30 && data[i] <= 0x39) n = (n < 0 ? 0 : n * 10) + (data[i++] - 0x30);
  return n;
}

function errorEvent(sequenceNumber: number, message: string, code = "upstream_stream_error"): Uint8Array {
  const event = { type: "error", sequence_number: sequenceNumber, code, message, param: null };
  return Buffer.from(`data: ${JSON.stringify(event)}\n\ndata: [DONE]\n\n`);
}

class IdleTimeout extends Error {}

/**
 * Relays a gateway event stream to the browser. Bytes pass through as they arrive, one write per
 * upstream chunk, except an incomplete trailing event, which waits for the chunk that completes
 * it (the browser could not act on half an event anyway). That keeps a clean event boundary, so
 * when the gateway's stream breaks (an error, an end without `data: [DONE]`, a long silence) the
 * browser gets a well-formed `error` event and the end of the stream instead of a hang.
 */
export function relayEventStream(upstream: ReadableStream<Uint8Array>, options: RelayOptions = {}): ReadableStream<Uint8Array> {
  const reader = upstream.getReader();
  let carry: Buffer | null = null;
  let sawDone = false;
  let lastSeq = -1;
  let finished = false;

  const finish = (outcome: RelayOutcome) => {
    if (finished) return;
    finished = true;
    options.onEnd?.(outcome);
  };

  const read = (): Promise<ReadableStreamReadResult<Uint8Array>> => {
    const idle = options.idleTimeoutMs;
    if (!idle) return reader.read();
    let timer: ReturnType<typeof setTimeout> | undefined;
    return Promise.race([
      reader.read(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new IdleTimeout()), idle);
      }),
    ]).finally(() => clearTimeout(timer));
  };

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // Loop until something is enqueued or the stream ends: a pull that enqueues nothing is not called again.
      for (;;) {
        let result: ReadableStreamReadResult<Uint8Array>;
        try {
          result = await read();
        } catch (error) {
          if (finished) return;
          const idle = error instanceof IdleTimeout;
          if (idle) reader.cancel().catch(() => {});
          if (!sawDone) {
            const message = idle
              ? `The gateway sent nothing for ${Math.round((options.idleTimeoutMs ?? 0) / 1000)} s; the response was stopped`
              : "The gateway's stream broke off before the response was complete";
            controller.enqueue(errorEvent(lastSeq + 1, message, idle ? "upstream_idle_timeout" : "upstream_stream_error"));
          }
          controller.close();
          finish(idle ? "idle" : "broken");
          return;
        }
        if (result.done) {
          if (!sawDone) {
            controller.enqueue(errorEvent(lastSeq + 1, "The gateway's stream ended before the response was complete"));
            finish("broken");
          } else {
            if (carry && carry.length > 0) controller.enqueue(carry);
            finish("done");
          }
          carry = null;
          controller.close();
          return;
        }
        const chunk = Buffer.from(result.value.buffer, result.value.byteOffset, result.value.byteLength);
        const data: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
        const end = completeEventsEnd(data);
        if (end === 0) {
          carry = data;
          continue;
        }
        const complete = end === data.length ? data : data.subarray(0, end);
        carry = end === data.length ? null : Buffer.from(data.subarray(end));
        const seq = lastSequenceNumber(complete);
        if (seq >= 0) lastSeq = seq;
        if (!sawDone && complete.indexOf(DONE_LINE) >= 0) sawDone = true;
        controller.enqueue(complete);
        return;
      }
    },
    async cancel(reason) {
      finish("cancelled");
      await reader.cancel(reason).catch(() => {});
    },
  });
}
