import "server-only";
import http from "node:http";
import https from "node:https";

/** The bytes of each answer bufferedRequest read, so a caller passing them on skips reading the Response's stream. */
const bodies = new WeakMap<Response, Buffer<ArrayBuffer>>();

/** The whole body of a Response made by bufferedRequest (undefined for any other Response). */
export function bufferedBody(response: Response): Buffer<ArrayBuffer> | undefined {
  return bodies.get(response);
}

const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 256 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

/**
 * A request whose whole answer is read before it is returned, over node:http with keep-alive.
 * For the JSON calls (most of the BFF's traffic) this costs about half the CPU of fetch, whose
 * web-stream machinery only pays off when the body is streamed on (event streams, downloads,
 * uploads, which keep using fetch). Rejects like fetch: a TypeError with the socket error as cause,
 * or the signal's reason when it aborts.
 */
export function bufferedRequest(
  url: string,
  init: { method: string; headers: Headers; body?: string; signal?: AbortSignal; timeoutMs: number },
): Promise<Response> {
  const target = new URL(url);
  const transport = target.protocol === "https:" ? https : http;
  const headers: Record<string, string> = {};
  init.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (init.body !== undefined) headers["content-length"] = String(Buffer.byteLength(init.body));
  const signal = init.signal;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    // Its own timer and the caller's signal, not AbortSignal.any over both: that costs more than this whole
    // function on every call (a new controller, a combined signal and its bookkeeping).
    let stopped: unknown = null;
    const stop = (reason: unknown) => {
      if (stopped !== null) return;
      stopped = reason;
      request.destroy(reason instanceof Error ? reason : new Error("aborted"));
    };
    const timer = setTimeout(() => stop(new DOMException("The gateway timed out", "TimeoutError")), init.timeoutMs);
    const onAbort = () => stop(signal?.reason);
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    const request = transport.request(
      target,
      { method: init.method, headers, agent: agents[target.protocol as "http:" | "https:"] },
      (response) => {
        const chunks: Buffer<ArrayBuffer>[] = [];
        response.on("data", (chunk: Buffer<ArrayBuffer>) => chunks.push(chunk));
        response.on("end", () => {
          settle();
          const out = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const one of Array.isArray(value) ? value : [value]) out.append(name, one);
          }
          const status = response.statusCode ?? 502;
          const nullBody = status === 204 || status === 304;
          const body = nullBody ? null : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
          const answer = new Response(body, { status, statusText: response.statusMessage, headers: out });
          if (body) bodies.set(answer, body);
          resolve(answer);
        });
        response.on("error", fail);
      },
    );
    function fail(error: unknown) {
      settle();
      reject(stopped !== null ? stopped : new TypeError("fetch failed", { cause: error }));
    }
    signal?.addEventListener("abort", onAbort, { once: true });
    request.on("error", fail);
    request.end(init.body);
  });
}
