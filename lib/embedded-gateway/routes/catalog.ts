import { createHash } from "node:crypto";
import { WorkspaceListQuerySchema } from "@/lib/contract/gateway";
import type { GatewayContext, RouteDef } from "../context";
import { parseQuery } from "../request-body";
import { EMBEDDED_MODELS, modelToWire } from "../responder/models";
import { workspaceToWire } from "../workspaces-store";

/** Read-only catalogs: video models, the embedded language models, workspaces. */
export function catalogRoutes(ctx: GatewayContext): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/videos/models",
      access: "public",
      handler(c) {
        const rows = ctx.db.prepare("SELECT body FROM video_models ORDER BY position").pluck().all() as string[];
        const body = `{"data":[${rows.join(",")}]}`;
        // The catalog changes rarely; an ETag lets the BFF and browsers revalidate for free.
        const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
        const headers = { ETag: etag, "Cache-Control": "private, max-age=0, must-revalidate" };
        const match = c.req.header("if-none-match");
        if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
          return new Response(null, { status: 304, headers });
        }
        return new Response(body, { headers: { ...headers, "Content-Type": "application/json" } });
      },
    },
    {
      method: "GET",
      path: "/models",
      access: "public",
      handler(c) {
        return c.json({ data: EMBEDDED_MODELS.map((model) => modelToWire(model, ctx.strict)), total_count: EMBEDDED_MODELS.length, links: { next: null } });
      },
    },
    {
      // The real gateway requires a management key to list workspaces; so does this one.
      method: "GET",
      path: "/workspaces",
      access: "management",
      handler(c) {
        const { offset, limit } = parseQuery(c.req.url, WorkspaceListQuerySchema);
        const { data, total_count } = ctx.workspaces.list(offset, limit);
        return c.json({ data: data.map(workspaceToWire), total_count });
      },
    },
  ];
}
