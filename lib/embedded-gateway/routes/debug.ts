import { z } from "zod";
import type { GatewayContext, RouteDef } from "../context";
import { readJson } from "../request-body";

const FaultRequestSchema = z.strictObject({
  path: z.string().min(1).max(1024),
  method: z.enum(["GET", "POST", "DELETE", "get", "post", "delete"]).optional(),
  count: z.number().int().min(1).max(10_000),
  status: z.union([z.literal(429), z.literal(500), z.literal(503)]).optional(),
  latency_ms: z.number().int().min(0).max(60_000).optional(),
  cut_stream_after_events: z.number().int().min(0).max(1_000_000).optional(),
  // POST /responses: cut after this many output_text deltas; a JSON (non-streamed) answer loses its connection instead.
  cut_stream_after_deltas: z.number().int().min(0).max(1_000_000).optional(),
  retry_after_seconds: z.number().int().min(0).max(3600).optional(),
  // POST /videos: the submitted job is accepted, then fails at its end with this error (optionally one model's jobs only).
  fail_video_job: z.string().min(1).max(500).optional(),
  model: z.string().min(1).max(256).optional(),
  // POST /responses, streamed: error events that echo the request's Authorization value (the BFF must redact it).
  echo_authorization_in_error: z.boolean().optional(),
});

/** Test-only routes; registered only when fault injection is enabled. */
export function debugRoutes(ctx: GatewayContext): RouteDef[] {
  const faults = ctx.faults;
  if (!faults) return [];
  return [
    {
      method: "POST",
      path: "/__faults",
      access: "management",
      async handler(c) {
        const input = await readJson(c.req.raw, ctx.limits.maxJsonBytes, FaultRequestSchema);
        return c.json({ data: faults.add(input) }, 201);
      },
    },
    {
      method: "GET",
      path: "/__faults",
      access: "management",
      handler(c) {
        return c.json({ data: faults.list() });
      },
    },
    {
      method: "DELETE",
      path: "/__faults",
      access: "management",
      handler(c) {
        faults.clear();
        return c.json({ data: [] });
      },
    },
    {
      method: "GET",
      path: "/__debug/streams",
      access: "management",
      handler(c) {
        return c.json({ ...ctx.streams });
      },
    },
  ];
}
