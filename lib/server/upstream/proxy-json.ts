import "server-only";
import { API_HEADERS } from "../http/errors";
import { readUpstreamBytes, upstreamError, upstreamFetch, type UpstreamRequest } from "./upstream";

/**
 * GETs a gateway JSON endpoint and hands its body to the browser unchanged (no parse and
 * re-serialise: the browser parses it with the shared schema, and large file pages stay cheap).
 */
export async function proxyJson(request: UpstreamRequest, extraHeaders?: Record<string, string>): Promise<Response> {
  const response = await upstreamFetch({ ...request, bodyTimeout: true });
  if (!response.ok) throw await upstreamError(response, request);
  const body = await readUpstreamBytes(response);
  return new Response(body, {
    status: response.status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "private, no-store",
      ...API_HEADERS,
      ...extraHeaders,
    },
  });
}
