import { errorBody, MESSAGES } from "@/lib/contract/gateway";
import { Hono } from "hono";
import { BASE_PATH } from "./base-path";
import type { GatewayContext, GatewayCtx, GatewayEnv, RouteDef } from "./context";
import { findKey } from "./keys";
import { HttpError } from "./http-error";
import { rateLimitHeaders } from "./rate-limit";
import { catalogRoutes } from "./routes/catalog";
import { debugRoutes } from "./routes/debug";
import { fileRoutes } from "./routes/files";
import { presetRoutes } from "./routes/presets";
import { responseRoutes } from "./routes/responses";
import { videoRoutes } from "./routes/videos";
import { sleep } from "./responder/generate";
import { accountingRoutes } from "./routes/accounting";
import { randomUUID } from "node:crypto";
import { withLogContext } from "@/lib/observability/log-context";
import { loggerFor } from "@/lib/observability/logger";

const log = loggerFor("gateway");

export { BASE_PATH };

function compile(path: string): RegExp {
  const pattern = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  // eslint-disable-next-line no-restricted-syntax -- the route table's own paths (constants, escaped), never a request's
  return new RegExp(`^${BASE_PATH}${pattern}/?$`);
}

function authenticate(ctx: GatewayContext, c: GatewayCtx, route: RouteDef) {
  const header = c.req.header("authorization");
  // The model catalogs are public on the real gateway (its OpenAPI declares no 401 for them); a key,
  // when one is sent, is still checked.
  if (route.access === "public" && !header) return;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw new HttpError(401, MESSAGES.missingAuth);
  const key = findKey(ctx.db, match[1]);
  if (!key) throw new HttpError(401, "Invalid API key");
  if (route.access === "management" && key.kind !== "management") throw new HttpError(403, MESSAGES.forbiddenManagement);
  c.set("key", key);
}

/**
 * The gateway's HTTP application on Web-standard Request/Response. Each request goes through, in
 * order: route match (404, 405), authentication (401) and the management-key check (403), fault
 * injection when enabled, the per-key rate limit on GET /files (429), then the handler, which
 * validates its input (400, 413) before doing anything.
 */
export function createGatewayApp(ctx: GatewayContext): Hono<GatewayEnv> {
  // strict: false so "/files/" is "/files", matching how the 404/405 check reads paths.
  const app = new Hono<GatewayEnv>({ strict: false }).basePath(BASE_PATH);
  const routes = [...presetRoutes(ctx), ...fileRoutes(ctx), ...catalogRoutes(ctx), ...responseRoutes(ctx), ...videoRoutes(ctx), ...accountingRoutes(ctx), ...debugRoutes(ctx)];
  const compiled = routes.map((route) => ({ route, regex: compile(route.path) }));

  // Every answer carries the gateway's own request id (X-Request-Id), as real gateways' do; its log lines carry it
  // and the caller's id (the BFF sends its request's), so a dashboard request can be followed into the gateway.
  app.use(async (c, next) => {
    const id = randomUUID();
    const caller = c.req.header("x-request-id");
    const started = performance.now();
    await withLogContext({ request_id: id, ...(caller && caller.length <= 128 ? { caller_request_id: caller } : {}) }, async () => {
      await next();
      c.header("X-Request-Id", id);
      const status = c.res.status;
      const fields = { method: c.req.method, route: c.req.path, status, duration_ms: Math.round((performance.now() - started) * 10) / 10 };
      if (status >= 500) log.error(fields, "request failed");
      else if (c.req.method === "GET") log.debug(fields, "request");
      else log.info(fields, "request");
    });
  });

  app.onError((error) => {
    if (error instanceof HttpError) return error.toResponse();
    // Logged for the operator; the client learns nothing about the internals.
    log.error({ err: error }, "unhandled error");
    return Response.json(errorBody(500, MESSAGES.internal), { status: 500 });
  });

  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    const allowed = [...new Set(compiled.filter(({ regex }) => regex.test(path)).map(({ route }) => route.method))];
    if (allowed.length > 0) {
      return Response.json(errorBody(405, "Method Not Allowed", { allowed_methods: allowed }), {
        status: 405,
        headers: { Allow: allowed.join(", ") },
      });
    }
    return Response.json(errorBody(404, MESSAGES.notFound), { status: 404 });
  });

  for (const route of routes) {
    app.on(route.method, route.path, async (c) => {
      authenticate(ctx, c, route);
      const debugRoute = route.path.startsWith("/__");
      const fault = ctx.faults && !debugRoute ? ctx.faults.take(c.req.method, new URL(c.req.url).pathname) : null;
      c.set("fault", fault);
      if (fault) {
        if (fault.latencyMs > 0) await sleep(fault.latencyMs, c.req.raw.signal).catch(() => undefined);
        if (fault.status === 429) {
          throw new HttpError(429, MESSAGES.rateLimited, undefined, { "Retry-After": String(fault.retryAfterSeconds) });
        }
        if (fault.status === 500) throw new HttpError(500, MESSAGES.internal);
        if (fault.status === 503) {
          throw new HttpError(503, "Service temporarily unavailable", undefined, { "Retry-After": String(fault.retryAfterSeconds) });
        }
      }
      let limitHeaders: Record<string, string> = {};
      if (route.rateLimited) {
        const decision = ctx.rateLimiter.take(c.get("key").id);
        limitHeaders = rateLimitHeaders(decision);
        if (!decision.allowed) throw new HttpError(429, MESSAGES.rateLimited, undefined, limitHeaders);
      }
      const response = await route.handler(c);
      for (const [name, value] of Object.entries(limitHeaders)) response.headers.set(name, value);
      return response;
    });
  }
  return app;
}
