import { FileListQuerySchema, MESSAGES } from "@/lib/contract/gateway";
import { unlink } from "node:fs/promises";
import { z } from "zod";
import type { GatewayContext, GatewayCtx, RouteDef } from "../context";
import { decodeCursor, encodeCursor } from "../cursor";
import { FILE_SHAPE, fileToWire, type FileRow } from "../files-store";
import { HttpError, orNotFound } from "../http-error";
import { parseQuery } from "../request-body";
import { receiveUpload, streamChunks } from "../upload-receiver";
import { syntheticContent } from "../synthetic-content";

const WorkspaceQuerySchema = z.object({ workspace_id: z.uuid().optional() });

/** Multipart framing around one file: boundaries, part headers and the other small fields. */
const MULTIPART_OVERHEAD = 64 * 1024;

function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // Control characters would break headers and listings; the name is otherwise kept as given.
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 255);
  return cleaned || "upload";
}

export function fileRoutes(ctx: GatewayContext): RouteDef[] {
  /**
   * Every key of the embedded gateway may use every workspace; an unknown one is a 400 naming
   * workspace_id. In strict mode an API key reaches only its own workspace, as on the real gateway,
   * and another one is refused with 403.
   */
  const workspaceFor = (c: GatewayCtx, requested: string | undefined): string => {
    const key = c.get("key");
    if (requested === undefined) return key.defaultWorkspaceId;
    if (!ctx.workspaces.byId(requested)) {
      throw HttpError.field("workspace_id", "does not name a workspace this API key has access to");
    }
    if (ctx.strict && key.kind !== "management" && requested !== key.defaultWorkspaceId) {
      throw new HttpError(403, "This API key does not have access to the requested workspace");
    }
    return requested;
  };
  const fileFor = (c: GatewayCtx): FileRow => {
    const { workspace_id } = parseQuery(c.req.url, WorkspaceQuerySchema);
    return orNotFound(ctx.files.get(workspaceFor(c, workspace_id), c.req.param("id") ?? ""));
  };

  return [
    {
      method: "GET",
      path: "/files",
      access: "any",
      rateLimited: true,
      handler(c) {
        const query = parseQuery(c.req.url, FileListQuerySchema);
        const workspaceId = workspaceFor(c, query.workspace_id);
        // Newest first is our extension; the real gateway lists oldest first and knows only `asc`.
        if (ctx.strict && query.order === "desc") throw HttpError.field("order", "must be asc: only asc is supported by OpenRouter storage");
        let order: "asc" | "desc" = query.order ?? (ctx.strict ? "asc" : "desc");
        let afterSeq: number | null = null;
        if (query.cursor !== undefined) {
          const cursor = decodeCursor(query.cursor, ctx.cursorSecret);
          if (!cursor) throw HttpError.field("cursor", "is not a cursor this gateway issued (malformed or altered)");
          if (cursor.workspaceId !== workspaceId) throw HttpError.field("cursor", "belongs to another workspace than workspace_id");
          if (query.order !== undefined && query.order !== cursor.order) throw HttpError.field("cursor", `walks the files in ${cursor.order} order, not ${query.order}`);
          afterSeq = cursor.afterSeq;
          order = cursor.order;
        }
        const limit = query.limit ?? ctx.limits.defaultFilesPageSize;
        const rows = ctx.files.page(workspaceId, afterSeq, limit, order);
        const hasMore = rows.length > limit;
        const page = hasMore ? rows.slice(0, limit) : rows;
        const last = page[page.length - 1];
        return c.json({
          _shape: FILE_SHAPE,
          data: page.map(fileToWire),
          first_id: page[0]?.id ?? null,
          last_id: last?.id ?? null,
          has_more: hasMore,
          cursor: hasMore ? encodeCursor({ workspaceId, afterSeq: last.seq, order }, ctx.cursorSecret) : null,
        });
      },
    },
    {
      method: "POST",
      path: "/files",
      access: "any",
      async handler(c) {
        const { workspace_id } = parseQuery(c.req.url, WorkspaceQuerySchema);
        const workspaceId = workspaceFor(c, workspace_id);
        const release = ctx.uploads.slots.tryAcquire();
        if (!release) {
          throw new HttpError(429, MESSAGES.rateLimited, { reason: "too many uploads in progress", limit: ctx.uploads.slots.max }, { "Retry-After": "1" });
        }
        let row: FileRow;
        try {
          // Read the Node request directly when served by @hono/node-server (see receiveUpload);
          // destroyOnReturn: false keeps the socket for the 413 answer after reading stops early.
          const incoming = c.env?.incoming;
          const source = incoming ? incoming.iterator({ destroyOnReturn: false }) : c.req.raw.body && streamChunks(c.req.raw.body);
          const upload = await receiveUpload(c.req.raw, source, {
            tmpDir: ctx.uploads.tmpDir(),
            maxFileBytes: ctx.limits.maxUploadBytes,
            maxBodyBytes: ctx.limits.maxUploadBytes + MULTIPART_OVERHEAD,
          });
          try {
            row = ctx.files.insertUploadFromFile(workspaceId, { filename: cleanFilename(upload.filename), mimeType: upload.mimeType, path: upload.tmpPath, size: upload.size });
          } finally {
            await unlink(upload.tmpPath).catch(() => undefined);
          }
        } finally {
          release();
        }
        return c.json(fileToWire(row));
      },
    },
    {
      method: "GET",
      path: "/files/:id",
      access: "any",
      handler(c) {
        return c.json(fileToWire(fileFor(c)));
      },
    },
    {
      method: "DELETE",
      path: "/files/:id",
      access: "any",
      handler(c) {
        const file = fileFor(c);
        ctx.files.delete(file.workspace_id, file.id);
        return c.json({ _shape: FILE_SHAPE, id: file.id, type: "file_deleted" });
      },
    },
    {
      method: "GET",
      path: "/files/:id/content",
      access: "any",
      handler(c) {
        const file = fileFor(c);
        // The real gateway serves only files it created itself; uploads answer 400 (documented).
        if (!file.downloadable || (ctx.strict && file.source === "upload")) {
          throw HttpError.field("file_id", "names a file that is not downloadable: only files created server-side can be downloaded");
        }
        const headers = {
          "Content-Type": file.mime_type,
          "Content-Length": String(file.size_bytes),
          "Content-Disposition": contentDisposition(file.filename),
          "Cache-Control": "private, no-store",
        };
        const body = file.source === "seed" ? syntheticContent(file.id, file.mime_type, file.size_bytes) : storedContent(ctx, file);
        return new Response(body, { headers });
      },
    },
  ];
}

function storedContent(ctx: GatewayContext, file: FileRow): ReadableStream<Uint8Array> {
  let idx = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = ctx.files.chunk(file.seq, idx++);
      if (!chunk) controller.close();
      else controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    },
  });
}
