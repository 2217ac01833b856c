import { ResponsesRequestSchema } from "@/lib/gateway";
import type { GatewayContext, RouteDef } from "../context";
import { HttpError } from "../http-error";
import { readJson } from "../request-body";
import { AbortedError, generateResponse, type ResponseEvent } from "../responder/generate";
import { planResponse, UnknownModelError } from "../responder/plan";
import { eventStream } from "../responder/sse";

export function responseRoutes(ctx: GatewayContext): RouteDef[] {
  return [
    {
      method: "POST",
      path: "/responses",
      access: "any",
      async handler(c) {
        const request = await readJson(c.req.raw, ctx.limits.maxJsonBytes, ResponsesRequestSchema);
        if (request.preset !== undefined && !request.model) {
          throw HttpError.field("preset", "is not supported by the embedded gateway yet; name a model instead");
        }
        let plan;
        try {
          plan = planResponse(request);
        } catch (error) {
          if (error instanceof UnknownModelError) throw HttpError.field("model", `names a model this gateway does not serve (${JSON.stringify(error.model)}); GET /models lists them`);
          throw error;
        }
        const run = (signal: AbortSignal) => generateResponse(plan, ctx.search, signal);
        const outgoing = c.env?.outgoing;

        if (request.stream) {
          const body = eventStream(run, {
            requestSignal: c.req.raw.signal,
            counters: ctx.streams,
            cutAfterEvents: c.get("fault")?.cutStreamAfterEvents ?? null,
            // Under @hono/node-server the Node response is at hand; in app.fetch tests it is not.
            destroyConnection: outgoing ? () => outgoing.destroy() : undefined,
          });
          return new Response(body, {
            headers: {
              "Content-Type": "text/event-stream; charset=utf-8",
              // no-transform: proxies (and Next) must not compress or buffer the events.
              "Cache-Control": "no-cache, no-transform",
              "X-Accel-Buffering": "no",
            },
          });
        }

        let final: ResponseEvent | null = null;
        try {
          for await (const event of run(c.req.raw.signal)) final = event;
        } catch (error) {
          // The client went away while we waited; nobody is left to answer.
          if (error instanceof AbortedError) return new Response(null, { status: 499 });
          throw error;
        }
        return c.json(final!.response as Record<string, unknown>);
      },
    },
  ];
}
