import "server-only";
import { FileListResponseSchema, type FileListQuery, type FileListResponse } from "@/lib/contract/gateway";
import { proxyJson } from "../upstream/proxy-json";
import { encodeSegment, readUpstreamText, upstreamError, upstreamFetch, upstreamJson, type ReadRequest } from "../upstream/upstream";
import type { GatewayCharge } from "./gateway-charge";

/**
 * The files' gateway calls (list, one file, its content, upload, delete), for the /api routes and the files
 * page alike: the only module that spells a file path of the gateway. Reads are charged a point per gateway
 * call through the caller's GatewayCharge; an upload is charged by its own route's bucket ("uploads").
 */

type WorkspaceQuery = Pick<FileListQuery, "workspace_id">;

const FILES_PATH = "/files";
const filePath = (id: string) => `${FILES_PATH}/${encodeSegment(id)}`;
const contentPath = (id: string) => `${filePath(id)}/content`;

/** One page of GET /files for the route, the gateway's body handed on unchanged (large pages stay cheap). */
export async function relayFilePage(charge: GatewayCharge, query: FileListQuery, request: ReadRequest = {}): Promise<Response> {
  await charge(1);
  return proxyJson({ method: "GET", path: FILES_PATH, query, ...request });
}

/** One page of GET /files, parsed with the contract's schema (the files page's prefetch). */
export async function readFilePage(charge: GatewayCharge, query: FileListQuery, request: ReadRequest = {}): Promise<FileListResponse> {
  await charge(1);
  const { data } = await upstreamJson({ method: "GET", path: FILES_PATH, query, ...request }, FileListResponseSchema);
  return data;
}

/** GET /files/{id} for the route, unchanged. */
export async function relayFile(charge: GatewayCharge, id: string, query: WorkspaceQuery, request: ReadRequest = {}): Promise<Response> {
  await charge(1);
  return proxyJson({ method: "GET", path: filePath(id), query, ...request });
}

/** DELETE /files/{id}: the gateway's answer (status and text), or its error. */
export async function removeFile(charge: GatewayCharge, id: string, query: WorkspaceQuery, signal?: AbortSignal): Promise<{ status: number; text: string }> {
  await charge(1);
  const response = await upstreamFetch({ method: "DELETE", path: filePath(id), query, signal, bodyTimeout: true });
  if (!response.ok) throw await upstreamError(response, { query });
  return { status: response.status, text: await readUpstreamText(response) };
}

/** POST /files with a streamed multipart body: the gateway's answer as it came (the caller maps its failures). */
export function sendUpload(query: WorkspaceQuery, body: ReadableStream<Uint8Array>, contentType: string, signal: AbortSignal, timeoutMs: number): Promise<Response> {
  // No Content-Length upstream: undici sends a streamed body chunked and refuses to be told a length.
  return upstreamFetch({ method: "POST", path: FILES_PATH, query, body, headers: { "Content-Type": contentType }, signal, timeoutMs, bodyTimeout: true });
}

/** GET /files/{id}/content: the gateway's streamed answer, or its error. */
export async function fetchFileContent(charge: GatewayCharge, id: string, query: WorkspaceQuery, signal?: AbortSignal): Promise<Response> {
  await charge(1);
  const response = await upstreamFetch({ method: "GET", path: contentPath(id), query, signal });
  if (!response.ok) throw await upstreamError(response, { query });
  return response;
}

/** The gateway's error for a failed upload, as the other calls report theirs. */
export function uploadError(response: Response, query: WorkspaceQuery) {
  return upstreamError(response, { query });
}
