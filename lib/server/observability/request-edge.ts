import type { IncomingMessage, ServerResponse } from "node:http";
import { withLogContext, type LogContext } from "@/lib/observability/log-context";
import { loggerFor } from "@/lib/observability/logger";
import { REQUEST_ID_HEADER, requestIdFor, trustedProxyConfigured } from "@/lib/observability/request-id";
import { tracingState } from "./tracing-state";

/**
 * What the dashboard server does first with every request (server/dashboard-server.ts): gives it an id (the
 * trusted proxy's X-Request-Id, else a new one: lib/observability/request-id.ts), answers with it in X-Request-Id
 * whatever answers (a page, /api, the fast lane, an error, a 421), hands it to everything below through the log
 * context (and to Next's handlers as the request's own X-Request-Id header), opens the request's server span when
 * tracing is on, and writes one access line when the answer is done: method, route, status, duration_ms, and the
 * user, the gateway's request id and the generation id when the request learned them.
 */

const log = loggerFor("http");

/** Build assets: logged at debug, not info (a page load fetches dozens). */
const ASSET = /^\/(?:_next\/|favicon|icons?\/|robots\.txt)/;

function pathOf(url: string | undefined): string {
  const raw = url ?? "/";
  const query = raw.indexOf("?");
  return query >= 0 ? raw.slice(0, query) : raw;
}

export function observeRequest(request: IncomingMessage, response: ServerResponse, handle: () => void): void {
  const requestId = requestIdFor(request.headers[REQUEST_ID_HEADER], trustedProxyConfigured());
  request.headers[REQUEST_ID_HEADER] = requestId;
  response.setHeader("X-Request-Id", requestId);
  const route = pathOf(request.url);
  const context: LogContext = { request_id: requestId, route };
  const started = performance.now();
  const state = tracingState();

  withLogContext(context, () => {
    if (!state) {
      response.once("close", () => accessLine(request, response, route, started));
      return handle();
    }
    const { api, tracer } = state;
    const span = tracer.startSpan(request.method ?? "GET", {
      kind: api.SpanKind.SERVER,
      attributes: {
        "http.request.method": request.method ?? "GET",
        "url.path": route,
        "url.scheme": "http",
        "server.address": (request.headers.host ?? "").replace(/:\d+$/, ""),
        "gatehouse.request_id": requestId,
      },
    });
    const active = api.trace.setSpan(api.context.active(), span);
    response.once("close", () => {
      span.setAttribute("http.response.status_code", response.statusCode);
      if (context.user_id) span.setAttribute("user.id", context.user_id);
      if (response.statusCode >= 500) {
        span.setAttribute("error.type", String(response.statusCode));
        span.setStatus({ code: api.SpanStatusCode.ERROR });
      }
      // The access line inside the span, so it carries the trace id.
      api.context.with(active, () => accessLine(request, response, route, started));
      span.end();
    });
    api.context.with(active, handle);
  });
}

function accessLine(request: IncomingMessage, response: ServerResponse, route: string, started: number): void {
  const status = response.statusCode;
  const fields = {
    method: request.method,
    status,
    duration_ms: Math.round((performance.now() - started) * 10) / 10,
    ...(response.writableFinished ? {} : { aborted: true }),
  };
  if (status >= 500) log.error(fields, "request failed");
  else if (ASSET.test(route)) log.debug(fields, "request");
  else log.info(fields, "request");
}
