import { FileListQuerySchema, MESSAGES } from "@/lib/gateway";
import { z } from "zod";
import type { GatewayContext, GatewayCtx, RouteDef } from "../context";
import { decodeCursor, encodeCursor } from "../cursor";
import { fileToWire, type FileRow } from "../files-store";
import { HttpError, PAYLOAD_TOO_LARGE } from "../http-error";
import { parseQuery, readBody } from "../request-body";
import { sniffMime } from "../sniff-mime";
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
   * Every key of the embedded gateway may use every workspace. An unknown (or inaccessible)
   * workspace is a 400 naming workspace_id, because the contract lists no 403/404 for the listing.
   */
  const workspaceFor = (c: GatewayCtx, requested: string | undefined): string => {
    if (requested === undefined) return c.get("key").defaultWorkspaceId;
    if (!ctx.workspaces.byId(requested)) {
      throw HttpError.field("workspace_id", "does not name a workspace this API key has access to");
    }
    return requested;
  };
  const fileFor = (c: GatewayCtx): FileRow => {
    const { workspace_id } = parseQuery(c.req.url, WorkspaceQuerySchema);
    const file = ctx.files.get(workspaceFor(c, workspace_id), c.req.param("id") ?? "");
    if (!file) throw new HttpError(404, MESSAGES.notFound);
    return file;
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
        let beforeSeq: number | null = null;
        if (query.cursor !== undefined) {
          const cursor = decodeCursor(query.cursor, ctx.cursorSecret);
          if (!cursor) throw HttpError.field("cursor", "is not a cursor this gateway issued (malformed or altered)");
          if (cursor.workspaceId !== workspaceId) throw HttpError.field("cursor", "belongs to another workspace than workspace_id");
          beforeSeq = cursor.beforeSeq;
        }
        const limit = query.limit ?? ctx.limits.defaultFilesPageSize;
        const rows = ctx.files.page(workspaceId, beforeSeq, limit);
        const hasMore = rows.length > limit;
        const page = hasMore ? rows.slice(0, limit) : rows;
        const last = page[page.length - 1];
        return c.json({
          data: page.map(fileToWire),
          first_id: page[0]?.id ?? null,
          last_id: last?.id ?? null,
          has_more: hasMore,
          cursor: hasMore ? encodeCursor({ workspaceId, beforeSeq: last.seq }, ctx.cursorSecret) : null,
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
        const contentType = c.req.header("content-type") ?? "";
        if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
          throw HttpError.field("body", "must be multipart/form-data with the file in a field named file");
        }
        const bytes = await readBody(c.req.raw, ctx.limits.maxUploadBytes + MULTIPART_OVERHEAD);
        let form: FormData;
        try {
          form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
        } catch {
          throw HttpError.field("body", "is not a valid multipart/form-data body");
        }
        const file = form.get("file");
        if (!(file instanceof File)) throw HttpError.field("file", "is required (a file part named file)");
        if (file.size === 0) throw HttpError.field("file", "must not be empty");
        if (file.size > ctx.limits.maxUploadBytes) throw new HttpError(413, PAYLOAD_TOO_LARGE, { limit_bytes: ctx.limits.maxUploadBytes });
        const data = new Uint8Array(await file.arrayBuffer());
        const mime = sniffMime(data);
        if (!mime) {
          throw HttpError.field("file", "must be a PDF, a PNG/JPEG/GIF/WebP image, a DOCX/XLSX/PPTX document, an MP3/WAV/FLAC/OGG audio file, or UTF-8 text");
        }
        const row = ctx.files.insertUpload(workspaceId, { filename: cleanFilename(file.name), mimeType: mime, data });
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
        return c.json({ id: file.id, type: "file_deleted" });
      },
    },
    {
      method: "GET",
      path: "/files/:id/content",
      access: "any",
      handler(c) {
        const file = fileFor(c);
        if (!file.downloadable) throw HttpError.field("file_id", "names a file that is not downloadable");
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
