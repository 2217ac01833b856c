import "server-only";
import type { z } from "zod";
import { ErrorBodySchema } from "@/lib/contract/gateway/errors";
import { addToLogContext, currentRequestId } from "@/lib/observability/log-context";
import { loggerFor } from "@/lib/observability/logger";
import { serverEnv } from "../config/env";
import { redactSecrets } from "./redact";
import { HttpError } from "../http/errors";
import { traceGatewayCall } from "../observability/gateway-span";
import { bufferedBody, bufferedRequest, streamingRequest } from "./http-transport";

const log = loggerFor("gateway-client");

type UpstreamKey = "api" | "management";

export interface UpstreamRequest {
  method: "GET" | "POST" | "DELETE";
  /** Path below GATEWAY_URL, segments already encoded: "/presets/my-slug". */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** JSON body (serialised here). */
  json?: unknown;
  /** Raw body streamed through (uploads); Content-Type must be given in headers. */
  body?: ReadableStream<Uint8Array> | null;
  headers?: Record<string, string>;
  /** Which key authenticates the call; the management key is only for preset writes. */
  key?: UpstreamKey;
  /** The browser's request signal: its abort ends the upstream call. */
  signal?: AbortSignal;
  /** Time allowed until the answer's headers (streams) or its whole body (JSON). */
  timeoutMs?: number;
  /** Keep the timeout running while the body is read (JSON) or stop it at the headers (streams, downloads). */
  bodyTimeout?: boolean;
}

/** What a service's read takes from its caller: the page's or the request's abort signal and time budget. */
export type ReadRequest = Pick<UpstreamRequest, "signal" | "timeoutMs">;

const timers = new WeakMap<Response, ReturnType<typeof setTimeout>>();

/**
 * Node's own fetch, not the copy Next patches in route handlers for its data cache and tracing:
 * upstream calls are never cached, and the patch costs more CPU per request than the BFF's own work.
 */
function rawFetch(input: string, init: RequestInit): Promise<Response> {
  const current = globalThis.fetch as typeof fetch & { _nextOriginalFetch?: typeof fetch };
  return (current._nextOriginalFetch ?? current)(input, init);
}

const RETRY_STATUSES = new Set([429, 502, 503]);
const MAX_ATTEMPTS = 3;
const BASE_DELAY_MS = 100;
/** Whatever Retry-After says, a GET never waits longer than this in total: the browser must not hang. */
export const RETRY_BUDGET_MS = 3_000;

function parseRetryAfterMs(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function upstreamUrl(path: string, query?: UpstreamRequest["query"]): string {
  const url = new URL(serverEnv().GATEWAY_URL + path);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

function keyFor(kind: UpstreamKey): string {
  const env = serverEnv();
  if (kind === "api") return env.GATEWAY_API_KEY;
  if (!env.GATEWAY_MANAGEMENT_KEY) {
    throw new HttpError(503, "Saving presets needs a management key: set GATEWAY_MANAGEMENT_KEY on the Gatehouse server");
  }
  return env.GATEWAY_MANAGEMENT_KEY;
}

function networkError(error: unknown, timeoutMs: number): HttpError {
  const name = (error as { name?: string } | null)?.name;
  if (name === "TimeoutError") {
    return new HttpError(504, `The model gateway did not answer within ${Math.round(timeoutMs / 100) / 10} s`, {
      metadata: { upstream_status: null },
    });
  }
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  // `npm start` restarts an embedded gateway that died within seconds (server/launcher/supervisor.ts): the page says so.
  const restarting = serverEnv().GATEHOUSE_MODE === "embedded" ? ". Gatehouse starts its embedded gateway again by itself: try again in a few seconds." : "";
  return new HttpError(502, `Cannot reach the model gateway: it is not running or refuses connections${restarting}`, {
    metadata: { upstream_status: null, reason: cause?.code ?? "network_error" },
    cause: error,
  });
}

function logged(error: HttpError, request: UpstreamRequest): HttpError {
  log.error({ method: request.method, path: request.path, status: error.status, reason: error.metadata?.reason ?? null }, `gateway call failed: ${error.message}`);
  return error;
}

async function oneAttempt(request: UpstreamRequest, timeoutMs: number): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.set("Authorization", `Bearer ${keyFor(request.key ?? "api")}`);
  // The gateway's logs (the embedded one's at least) then name the request that caused the call.
  const requestId = currentRequestId();
  if (requestId && !headers.has("X-Request-Id")) headers.set("X-Request-Id", requestId);
  let body: BodyInit | undefined;
  if (request.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(request.json);
  } else if (request.body) {
    body = request.body;
  }

  const url = upstreamUrl(request.path, request.query);
  if (!request.body) {
    // Over plain node:http (cheaper than fetch): a JSON call is read whole within the timeout; a stream or a
    // download is handed on at its headers.
    const send = request.bodyTimeout ? bufferedRequest : streamingRequest;
    try {
      return await send(url, { method: request.method, headers, body: body as string | undefined, signal: request.signal, timeoutMs });
    } catch (error) {
      if (request.signal?.aborted) throw new HttpError(499, "The request was cancelled", { cause: error });
      throw networkError(error, timeoutMs);
    }
  }

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new DOMException("The gateway timed out", "TimeoutError")), timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout.signal]) : timeout.signal;
  try {
    const response = await rawFetch(url, {
      method: request.method,
      headers,
      body,
      signal,
      // Streamed request bodies (uploads) need half duplex in Node's fetch.
      ...(request.body ? { duplex: "half" } : {}),
      redirect: "manual",
      cache: "no-store",
    } as RequestInit);
    // Streams and downloads run as long as they run; a JSON body must arrive within the timeout.
    if (request.bodyTimeout) timers.set(response, timer);
    else clearTimeout(timer);
    return response;
  } catch (error) {
    clearTimeout(timer);
    if (request.signal?.aborted) throw new HttpError(499, "The request was cancelled", { cause: error });
    throw networkError(error, timeoutMs);
  }
}


/** Reads an upstream body as text, stopping the request's timeout afterwards. */
export async function readUpstreamText(response: Response, timeoutMs = serverEnv().GATEWAY_TIMEOUT_MS): Promise<string> {
  return new TextDecoder().decode(await readUpstreamBytes(response, timeoutMs));
}

/**
 * Reads an upstream body as bytes (no decode and re-encode when it is only passed on). A JSON call's body was
 * read whole already (bufferedRequest): those bytes are used as they are, without a pass through web streams.
 */
export async function readUpstreamBytes(response: Response, timeoutMs = serverEnv().GATEWAY_TIMEOUT_MS): Promise<Uint8Array<ArrayBuffer>> {
  try {
    const buffered = bufferedBody(response);
    if (buffered) return buffered;
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw networkError(error, timeoutMs);
  } finally {
    const timer = timers.get(response);
    if (timer) clearTimeout(timer);
  }
}

/**
 * One call to the gateway. GETs are retried on 429/502/503 and on connection failures with
 * jittered exponential backoff, honouring Retry-After within RETRY_BUDGET_MS; anything else
 * (POST above all: it may have had an effect) is sent once. Network failures and timeouts
 * become HttpErrors (502/504); HTTP error statuses are returned for the caller to map.
 */
export async function upstreamFetch(request: UpstreamRequest): Promise<Response> {
  const call = { method: request.method, path: request.path, json: request.json, url: () => upstreamUrl(request.path) };
  const response = await traceGatewayCall(call, bufferedBody, () => fetchWithRetries(request));
  const gatewayRequestId = response.headers.get("x-request-id");
  if (gatewayRequestId) addToLogContext({ gateway_request_id: gatewayRequestId });
  return response;
}

async function fetchWithRetries(request: UpstreamRequest): Promise<Response> {
  const timeoutMs = request.timeoutMs ?? serverEnv().GATEWAY_TIMEOUT_MS;
  const retry = request.method === "GET";
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    let response: Response | undefined;
    let failure: HttpError | undefined;
    try {
      response = await oneAttempt(request, timeoutMs);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.status !== 502 || !retry) throw error.status === 499 ? error : logged(error, request);
      failure = error;
    }
    if (response && (!retry || !RETRY_STATUSES.has(response.status))) return response;
    if (attempt >= MAX_ATTEMPTS) {
      if (failure) throw logged(failure, request);
      return response!;
    }
    const backoff = Math.random() * BASE_DELAY_MS * 2 ** attempt;
    const asked = response ? parseRetryAfterMs(response.headers.get("retry-after")) : null;
    const wait = Math.max(backoff, asked ?? 0);
    if (Date.now() - started + wait > RETRY_BUDGET_MS) {
      // Waiting longer would leave the browser hanging; hand it the answer (with Retry-After) now.
      if (failure) throw logged(failure, request);
      return response!;
    }
    if (response) {
      const timer = timers.get(response);
      if (timer) clearTimeout(timer);
      await response.body?.cancel().catch(() => {});
    }
    try {
      await sleep(wait, request.signal);
    } catch (error) {
      throw new HttpError(499, "The request was cancelled", { cause: error });
    }
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: "The gateway refused the request",
  404: "Not found",
  409: "Conflict",
  429: "The gateway's rate limit was reached",
};

/**
 * Maps a non-2xx gateway answer to the browser's error: same status and message (so the UI can
 * tell 404 from 409 from 429), upstream status in metadata, Retry-After passed on. 401/403 become
 * 502: they mean Gatehouse's own key is wrong, which the signed-in user can do nothing about;
 * except a 403 on a call naming a workspace, which says the key may not use that workspace (the
 * key works; the user picked a workspace it was not given), answered as a 403 saying so.
 */
export async function upstreamError(response: Response, request: Pick<UpstreamRequest, "key" | "query"> = {}): Promise<HttpError> {
  const key = request.key ?? "api";
  const workspaceId = request.query?.workspace_id;
  let text = "";
  try {
    text = await readUpstreamText(response);
  } catch {
    // Body lost: the status still says enough.
  }
  let message: string | undefined;
  let metadata: Record<string, unknown> = {};
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success) {
      message = parsed.data.error.message;
      metadata = { ...(parsed.data.error.metadata ?? {}) };
      // Our answer's code is the status (the contract's shape); a worded code is kept beside it.
      if (typeof parsed.data.error.code === "string") metadata.upstream_code = parsed.data.error.code;
    }
  } catch {
    // Not JSON (an HTML page from a proxy in front of the gateway): keep none of it.
  }
  const status = response.status;
  const headers: Record<string, string> = {};
  const retryAfter = response.headers.get("retry-after");
  if (retryAfter && (status === 429 || status === 503)) headers["Retry-After"] = retryAfter;

  let outStatus = status;
  let outMessage = message ?? STATUS_TEXT[status] ?? `The gateway answered ${status}`;
  if (status === 403 && workspaceId !== undefined) {
    metadata.reason = "workspace_access";
    metadata.workspace_id = String(workspaceId);
    outMessage = `Gatehouse's API key has no access to the workspace ${String(workspaceId)} (the gateway answered 403${message ? `: ${message}` : ""}). Choose another workspace, or ask the gateway's owner to give the key access to this one.`;
  } else if (status === 401 || status === 403) {
    outStatus = 502;
    outMessage = `The gateway refused Gatehouse's ${key === "management" ? "management" : "API"} key (${status}${message ? `: ${message}` : ""}). Check ${key === "management" ? "GATEWAY_MANAGEMENT_KEY" : "GATEWAY_API_KEY"} on the server.`;
  } else if (status < 400 || status > 599) {
    outStatus = 502;
    outMessage = `The gateway answered with an unexpected status ${status}`;
  }
  const safeMetadata = JSON.parse(redactSecrets(JSON.stringify({ ...metadata, upstream_status: status }))) as Record<string, unknown>;
  // The operator's line: what the gateway said, under the request's id (the user sees the mapped error).
  (outStatus >= 500 ? log.error : log.warn)({ upstream_status: status, status: outStatus, gateway_message: message ? redactSecrets(message) : null }, "the gateway refused the call");
  return new HttpError(outStatus, redactSecrets(outMessage), { metadata: safeMetadata, headers });
}

/** GET/POST a JSON endpoint: the parsed body on 2xx (checked with `schema` when given), else the mapped error. */
export async function upstreamJson<S extends z.ZodType>(request: UpstreamRequest, schema?: S): Promise<{ data: z.output<S>; response: Response }> {
  const response = await upstreamFetch({ ...request, bodyTimeout: true });
  if (!response.ok) throw await upstreamError(response, request);
  const text = await readUpstreamText(response);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HttpError(502, "The gateway sent a body that is not JSON", { metadata: { upstream_status: response.status } });
  }
  if (schema) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      log.error({ method: request.method, path: request.path, issues: parsed.error.issues.slice(0, 5) }, "the gateway's answer does not match the contract");
      throw new HttpError(502, "The gateway's answer does not match the expected shape", { metadata: { upstream_status: response.status } });
    }
    return { data: parsed.data, response };
  }
  return { data: data as z.output<S>, response };
}

export function encodeSegment(value: string): string {
  return encodeURIComponent(value);
}
