import "server-only";
import http from "node:http";
import https from "node:https";

/** The bytes of each answer bufferedRequest read, so a caller passing them on skips reading the Response's stream. */
const bodies = new WeakMap<Response, Buffer<ArrayBuffer>>();

/** The whole body of a Response made by bufferedRequest, whose own body is empty (undefined for any other Response). */
export function bufferedBody(response: Response): Buffer<ArrayBuffer> | undefined {
  return bodies.get(response);
}

const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 256 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

interface TransportInit {
  method: string;
  headers: Headers;
  body?: string;
  signal?: AbortSignal;
  timeoutMs: number;
}

/** node:http's options for `init`: the transport, the agent and plain headers (with the body's length). */
function requestOptions(url: string, init: TransportInit) {
  const target = new URL(url);
  const headers: Record<string, string> = {};
  init.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (init.body !== undefined) headers["content-length"] = String(Buffer.byteLength(init.body));
  const transport = target.protocol === "https:" ? https : http;
  return { target, transport, options: { method: init.method, headers, agent: agents[target.protocol as "http:" | "https:"] } };
}

function responseHeaders(response: http.IncomingMessage): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) out.append(name, one);
  }
  return out;
}

/**
 * What both requests share: node:http with keep-alive, a timeout and the caller's signal. Its own timer and a
 * listener on the signal, not AbortSignal.any over both: that costs more than the rest of a call (a new
 * controller, a combined signal and its bookkeeping). `onResponse` gets the answer, `headersArrived` (stops the
 * timer) and `done` (stops the timer and the signal's watch); `stopped` is why the request was cut, if it was.
 */
function send(
  url: string,
  init: TransportInit,
  onResponse: (
    response: http.IncomingMessage,
    call: { headersArrived: () => void; done: () => void; stopped: () => unknown; resolve: (answer: Response) => void; request: http.ClientRequest },
  ) => void,
): Promise<Response> {
  const { target, transport, options } = requestOptions(url, init);
  const signal = init.signal;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let stopped: unknown = null;
    let answered = false;
    let retried = false;
    let request: http.ClientRequest;
    const stop = (reason: unknown) => {
      if (stopped !== null) return;
      stopped = reason;
      request.destroy(reason instanceof Error ? reason : new Error("aborted"));
    };
    const timer = setTimeout(() => stop(new DOMException("The gateway timed out", "TimeoutError")), init.timeoutMs);
    const onAbort = () => stop(signal?.reason);
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    const fail = (error: unknown) => {
      if (answered) return;
      done();
      reject(stopped !== null ? stopped : new TypeError("fetch failed", { cause: error }));
    };
    const start = () => {
      const current = transport.request(target, options, (response) => {
        response.on("error", fail);
        onResponse(response, {
          headersArrived: () => clearTimeout(timer),
          done,
          stopped: () => stopped,
          request: current,
          resolve: (answer) => {
            answered = true;
            resolve(answer);
          },
        });
      });
      request = current;
      current.on("error", (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the gateway closed just as this request went out on it: the gateway never
        // read the request, so it is sent once more on a new connection (the retry node:http documents for
        // `reusedSocket`). Only before any answer, only once, and never after our own abort or timeout.
        if (!answered && stopped === null && !retried && current.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE")) {
          retried = true;
          start();
          return;
        }
        fail(error);
      });
      current.end(init.body);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    start();
  });
}

/**
 * A request whose whole answer is read before it is returned, over node:http with keep-alive.
 * For the JSON calls (most of the BFF's traffic) this costs about half the CPU of fetch, whose
 * web-stream machinery only pays off when the body is streamed on (event streams, downloads,
 * uploads, which keep using fetch). Rejects like fetch: a TypeError with the socket error as cause,
 * or the signal's reason when it aborts.
 */
export function bufferedRequest(url: string, init: TransportInit): Promise<Response> {
  return send(url, init, (response, call) => {
    const chunks: Buffer<ArrayBuffer>[] = [];
    response.on("data", (chunk: Buffer<ArrayBuffer>) => chunks.push(chunk));
    response.on("end", () => {
      call.done();
      const status = response.statusCode ?? 502;
      const nullBody = status === 204 || status === 304;
      // No body stream on the Response (building one costs more than the rest of the answer): the bytes are
      // read with bufferedBody (upstream.ts: readUpstreamBytes, readUpstreamText).
      const answer = new Response(null, { status, statusText: response.statusMessage, headers: responseHeaders(response) });
      bodies.set(answer, nullBody ? Buffer.alloc(0) : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
      call.resolve(answer);
    });
  });
}

/**
 * A request whose answer is handed over as soon as its headers arrive, the body as a web stream read from the
 * socket as the caller pulls (event streams, downloads). Over node:http for the same reason as bufferedRequest:
 * fetch costs about a millisecond more CPU per call before the first byte, which every streamed answer waits
 * for. The timeout runs until the headers; the signal, or cancelling the body, closes the connection (the
 * gateway sees the client go and stops generating). A connection that drops before the body ends errors the
 * stream, as fetch does.
 */
export function streamingRequest(url: string, init: TransportInit): Promise<Response> {
  return send(url, init, (response, call) => {
    // The timeout covers the wait for the headers only; the signal keeps watching while the body flows.
    call.headersArrived();
    const status = response.statusCode ?? 502;
    let ended = false;
    // Set when the reader cancelled: the socket may still deliver "data" or "end" afterwards, and enqueueing
    // into or closing a cancelled stream throws (an uncaught exception in the server process).
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        response.on("data", (chunk: Buffer) => {
          if (cancelled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) response.pause();
        });
        response.on("end", () => {
          ended = true;
          call.done();
          if (!cancelled) controller.close();
        });
        response.on("close", () => {
          call.done();
          if (!ended) controller.error(call.stopped() ?? new TypeError("terminated"));
        });
      },
      pull() {
        response.resume();
      },
      cancel() {
        ended = true;
        cancelled = true;
        call.done();
        response.destroy();
        call.request.destroy();
      },
    });
    const nullBody = status === 204 || status === 304;
    if (nullBody) void body.cancel();
    call.resolve(new Response(nullBody ? null : body, { status, statusText: response.statusMessage, headers: responseHeaders(response) }));
  });
}
