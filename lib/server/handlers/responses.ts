import "server-only";
import { ResponsesRequestSchema } from "@/lib/contract/gateway";
import { parseWith, readJsonBody } from "../http/body";
import { serverEnv } from "../config/env";
import { API_HEADERS, HttpError } from "../http/errors";
import { defineRoute } from "../http/route";
import { EVENT_STREAM_HEADERS, relayEventStream } from "../http/sse-relay";
import { readResponseText, startResponse } from "../services/responses";

/** Ends a stream whose gateway went silent, so the browser never waits forever. */
const STREAM_IDLE_TIMEOUT_MS = 60_000;

async function createResponse(request: Request, relay: "guarded" | "plain"): Promise<Response> {
  const body = parseWith(ResponsesRequestSchema, await readJsonBody(request));
  // The browser's abort (Stop button, closed tab) ends the gateway's work too.
  const upstream = await startResponse(body, request.signal);

  const type = upstream.headers.get("content-type") ?? "";
  if (body.stream === true && type.includes("text/event-stream") && upstream.body) {
    if (relay === "plain") return new Response(upstream.body, { status: 200, headers: EVENT_STREAM_HEADERS });
    return new Response(relayEventStream(upstream.body, { idleTimeoutMs: STREAM_IDLE_TIMEOUT_MS }), {
      status: 200,
      headers: EVENT_STREAM_HEADERS,
    });
  }
  const text = await readResponseText(upstream);
  return new Response(text, {
    status: upstream.status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...API_HEADERS },
  });
}

export const postResponses = defineRoute({ role: "editor", mutating: true, limit: "responses" }, ({ request }) => createResponse(request, "guarded"));

/**
 * The benchmark's floor: the same route with a plain `new Response(upstream.body)` pass-through.
 * Served only when GATEHOUSE_BENCH_ROUTES=1; a 404 otherwise.
 */
export const postResponsesPlain = defineRoute({ role: "editor", mutating: true, limit: "responses" }, async ({ request }) => {
  if (serverEnv().GATEHOUSE_BENCH_ROUTES !== "1") throw new HttpError(404, "Not found");
  return createResponse(request, "plain");
});
