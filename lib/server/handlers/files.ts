import "server-only";
import { z } from "zod";
import { FileListQuerySchema } from "@/lib/contract/gateway";
import { formatByteLimit } from "@/lib/format/bytes";
import { checkDeclaredLength, limitStream, parseQuery, parseWith } from "../http/body";
import { serverEnv } from "../config/env";
import { API_HEADERS, HttpError } from "../http/errors";
import { defineRoute, type IdParams } from "../http/route";
import { routeCharge } from "../services/gateway-charge";
import { fetchFileContent, relayFile, relayFilePage, removeFile, sendUpload, uploadError } from "../services/files";


const FileIdSchema = z.string().min(1, { message: "must not be empty" }).max(256);
/** Every per-file route takes the workspace the file lives in (the key's default when absent). */
const WorkspaceQuerySchema = FileListQuerySchema.pick({ workspace_id: true });
const DownloadQuerySchema = WorkspaceQuerySchema.extend({ disposition: z.enum(["attachment", "inline"]).optional() });

/** Multipart framing around the file (boundaries, part headers, the filename). */
const MULTIPART_OVERHEAD = 64 * 1024;
const UPLOAD_TIMEOUT_MS = 15 * 60 * 1000;

/** Types a browser may render inline from our origin without running anything. */
const INLINE_SAFE = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "application/pdf", "text/plain"]);

function fileId(params: IdParams): string {
  return parseWith(FileIdSchema, params.id, "Invalid file id");
}

export const listFiles = defineRoute({ role: "viewer", limit: "gateway" }, async ({ request, user }) => {
  const query = parseQuery(request, FileListQuerySchema);
  return relayFilePage(routeCharge(user.id), query, { signal: request.signal });
});

export const getFile = defineRoute<IdParams>({ role: "viewer", limit: "gateway" }, async ({ request, params, user }) => {
  const id = fileId(params);
  const query = parseQuery(request, WorkspaceQuerySchema);
  return relayFile(routeCharge(user.id), id, query, { signal: request.signal });
});

export const deleteFile = defineRoute<IdParams>({ role: "editor", mutating: true, limit: "gateway" }, async ({ request, params, user }) => {
  const id = fileId(params);
  const query = parseQuery(request, WorkspaceQuerySchema);
  const { status, text } = await removeFile(routeCharge(user.id), id, query, request.signal);
  return new Response(text, { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...API_HEADERS } });
});

/**
 * Streams a multipart upload to the gateway without holding it in memory. The size limit is
 * checked twice: against Content-Length before the first byte, and by counting bytes as they
 * pass (a chunked body has no Content-Length).
 */
export const uploadFile = defineRoute({ role: "editor", mutating: true, limit: "uploads" }, async ({ request }) => {
  const query = parseQuery(request, WorkspaceQuerySchema);
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(type)) {
    throw new HttpError(415, 'Content-Type must be multipart/form-data with the file in the field "file"');
  }
  const limit = serverEnv().MAX_UPLOAD_BYTES;
  try {
    checkDeclaredLength(request, limit + MULTIPART_OVERHEAD);
  } catch {
    throw new HttpError(413, `The file is larger than the ${formatByteLimit(limit)} upload limit`, { metadata: { limit_bytes: limit } });
  }
  if (!request.body) throw new HttpError(400, 'Request body is required: a multipart form with the field "file"');

  let exceeded = false;
  const body = limitStream(request.body, limit + MULTIPART_OVERHEAD, () => {
    exceeded = true;
  });
  let response: Response;
  try {
    response = await sendUpload(query, body, type, request.signal, UPLOAD_TIMEOUT_MS);
  } catch (error) {
    if (exceeded) throw new HttpError(413, `The file is larger than the ${formatByteLimit(limit)} upload limit`, { metadata: { limit_bytes: limit } });
    throw error;
  }
  if (!response.ok) throw await uploadError(response, query);
  const text = await response.text();
  return new Response(text, { status: response.status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...API_HEADERS } });
});

function contentDisposition(kind: "attachment" | "inline", upstream: string | null, id: string): string {
  const match = upstream && /filename\*?=(?:UTF-8''([^;]+)|"([^"]*)"|([^;]+))/i.exec(upstream);
  let name = id;
  if (match) {
    try {
      name = match[1] ? decodeURIComponent(match[1]) : (match[2] ?? match[3] ?? id).trim();
    } catch {
      name = id;
    }
  }
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Streams a file's content to the browser. User-uploaded bytes are served from our own origin,
 * so they are forced to download (or shown inline only for passive types) and sandboxed by CSP:
 * an uploaded HTML page must never run as Gatehouse.
 */
export const downloadFile = defineRoute<IdParams>({ role: "viewer", limit: "gateway" }, async ({ request, params, user }) => {
  const id = fileId(params);
  const { disposition, workspace_id } = parseQuery(request, DownloadQuerySchema);
  const response = await fetchFileContent(routeCharge(user.id), id, { workspace_id }, request.signal);
  const type = response.headers.get("content-type") ?? "application/octet-stream";
  const inline = disposition === "inline" && INLINE_SAFE.has(type.split(";")[0].trim().toLowerCase());
  const headers = new Headers({
    "Content-Type": type,
    "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", response.headers.get("content-disposition"), id),
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, no-store",
    ...API_HEADERS,
  });
  const length = response.headers.get("content-length");
  if (length) headers.set("Content-Length", length);
  return new Response(response.body, { status: 200, headers });
});
