import type { z } from "zod";

/**
 * The browser's one way to call the BFF. Every non-2xx answer becomes an ApiError carrying the contract's
 * error body, so components can switch on `status` (401 -> sign in, 409 -> conflict dialog, 429 -> wait).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly metadata: Record<string, unknown> | null;
  /** Seconds the server asked us to wait (Retry-After), when it said. */
  readonly retryAfterSeconds: number | null;
  /** The request's id (X-Request-Id): every server log line of it carries it, so a user quotes it. */
  readonly requestId: string | null;

  constructor(status: number, message: string, metadata: Record<string, unknown> | null = null, retryAfterSeconds: number | null = null, requestId: string | null = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.metadata = metadata;
    this.retryAfterSeconds = retryAfterSeconds;
    this.requestId = requestId;
  }

  /** The failing field paths the contract's 400 body names, if any. */
  get issues(): { path: string; message: string }[] {
    const issues = this.metadata?.issues;
    return Array.isArray(issues) ? (issues as { path: string; message: string }[]) : [];
  }
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function toApiError(response: Response): Promise<ApiError> {
  const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
  let message = response.statusText || `Request failed with status ${response.status}`;
  let metadata: Record<string, unknown> | null = null;
  try {
    const body = (await response.json()) as { error?: { message?: unknown; metadata?: unknown } };
    if (body?.error && typeof body.error.message === "string") message = body.error.message;
    if (body?.error?.metadata && typeof body.error.metadata === "object") metadata = body.error.metadata as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's HTML page, say): keep the status text.
  }
  const requestId = response.headers.get("x-request-id");
  // A failure on the server's side names the id its log lines carry, for the user to quote (a 4xx the user can act on needs none).
  if (response.status >= 500 && requestId) message += ` (error id ${requestId}: quote it to your administrator)`;
  return new ApiError(response.status, message, metadata, retryAfter, requestId);
}

export interface ApiRequestInit extends Omit<RequestInit, "body"> {
  /** JSON body; serialised and sent with Content-Type application/json. */
  json?: unknown;
  body?: BodyInit | null;
}

/**
 * Fetches a BFF route and parses the JSON answer with the shared contract schema, or with the schema a loader
 * gives (`gatewaySchema(…)` in ./contract: loaded with the first answer, not with the page).
 */
export async function apiFetch<S extends z.ZodType>(path: string, schema: S | (() => Promise<S>), init: ApiRequestInit = {}): Promise<z.output<S>> {
  const response = await apiRequest(path, init);
  const data: unknown = await response.json();
  const parser = typeof schema === "function" ? await schema() : schema;
  return parser.parse(data);
}

/** Fetches a BFF route whose answer is the contract's `{ data }` envelope, and gives what the envelope holds. */
export async function apiData<S extends z.ZodType<{ data: unknown }>>(path: string, schema: S | (() => Promise<S>), init: ApiRequestInit = {}): Promise<z.output<S>["data"]> {
  return (await apiFetch(path, schema, init)).data;
}

/** Fetches a BFF route and returns the raw Response (streams, downloads), throwing ApiError on non-2xx. */
export async function apiRequest(path: string, init: ApiRequestInit = {}): Promise<Response> {
  const { json, headers, ...rest } = init;
  const finalHeaders = new Headers(headers);
  let body = rest.body;
  if (json !== undefined) {
    finalHeaders.set("content-type", "application/json");
    body = JSON.stringify(json);
  }
  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin", ...rest, headers: finalHeaders, body });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "Cannot reach Gatehouse. Check your connection and try again.");
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}
