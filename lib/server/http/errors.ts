import type { z } from "zod";
import { errorBody, MESSAGES, zodErrorToBody, type ErrorBody } from "@/lib/contract/gateway/errors";
import { currentRequestId } from "@/lib/observability/log-context";
import { loggerFor } from "@/lib/observability/logger";
import { isDatabaseUnavailable } from "../db/database-errors";

const log = loggerFor("bff");

/**
 * The one error type of the BFF. Anything a handler throws ends up as the contract's
 * {"error":{"code","message","metadata"}} with `code` equal to the HTTP status.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly metadata: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** A ready-made body (a zod 400 with its issue list) that wins over status/message. */
  readonly body: ErrorBody | undefined;

  constructor(
    status: number,
    message: string,
    options: { metadata?: Record<string, unknown>; headers?: Record<string, string>; body?: ErrorBody; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "HttpError";
    this.status = status;
    this.metadata = options.metadata;
    this.headers = options.headers;
    this.body = options.body;
  }

  toResponse(): Response {
    return jsonResponse(this.body ?? errorBody(this.status, this.message, this.metadata), {
      status: this.status,
      headers: this.headers,
    });
  }

  static badRequest(error: z.ZodError, message?: string): HttpError {
    const body = zodErrorToBody(error, message);
    return new HttpError(400, body.error.message, { body });
  }
}

/** Headers every BFF answer carries: no sniffing, no caching of per-user data by shared caches. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  for (const [name, value] of Object.entries(API_HEADERS)) headers.set(name, value);
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

/** Turns whatever a handler threw into a contract error response; unknown errors are logged, never echoed. */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof HttpError) return error.toResponse();
  if (isDatabaseUnavailable(error)) {
    // Users, sessions and limits live there: nothing can be decided until it is back. Logged without
    // the driver's detail (which may name the host); the client may retry.
    log.error({ code: (error as { code?: string }).code ?? "connection lost" }, "the app database is unreachable");
    return jsonResponse(errorBody(503, "Gatehouse cannot reach its database right now. Try again in a moment.", { retry_after: 5 }), {
      status: 503,
      headers: { "Retry-After": "5" },
    });
  }
  // The id to quote is the request's own (in X-Request-Id and on every log line of the request); outside a request, a new one.
  const id = currentRequestId() ?? crypto.randomUUID();
  log.error({ err: error, error_id: id }, "unexpected error");
  return jsonResponse(errorBody(500, MESSAGES.internal, { error_id: id }), { status: 500 });
}
