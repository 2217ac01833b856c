import "server-only";
import { ResponsesRequestSchema } from "@/lib/contract/gateway";
import { parseWith, readJsonBody } from "../http/body";
import { serverEnv } from "../config/env";
import { API_HEADERS, HttpError } from "../http/errors";
import { defineRoute } from "../http/route";
import { EVENT_STREAM_HEADERS, relayEventStream } from "../http/sse-relay";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { releaseResponse, reserveResponse, settleFromJson, settleWhenStreamEnds } from "../services/response-charge";
import { readResponseText, startResponse } from "../services/responses";

/** Ends a stream whose gateway went silent, so the browser never waits forever. */
const STREAM_IDLE_TIMEOUT_MS = 60_000;

async function createResponse(request: Request, user: SessionUser, relay: "guarded" | "plain"): Promise<Response> {
  const body = parseWith(ResponsesRequestSchema, await readJsonBody(request));
  // Reserved on the ledger before the gateway is asked (402/429 past the person's budget), settled after.
  const entry = await reserveResponse(user, body);
  let upstream: Response;
  try {
    // The browser's abort (Stop button, closed tab) ends the gateway's work too.
    upstream = await startResponse(body, request.signal);
  } catch (error) {
    // Refused before any charge, or unreachable: the reserve no longer counts (an abort may have been charged: kept).
    await releaseResponse(entry, { charged: request.signal.aborted });
    throw error;
  }

  const type = upstream.headers.get("content-type") ?? "";
  if (body.stream === true && type.includes("text/event-stream") && upstream.body) {
    const charged = settleWhenStreamEnds(upstream.body, entry);
    if (relay === "plain") return new Response(charged, { status: 200, headers: EVENT_STREAM_HEADERS });
    return new Response(relayEventStream(charged, { idleTimeoutMs: STREAM_IDLE_TIMEOUT_MS }), {
      status: 200,
      headers: EVENT_STREAM_HEADERS,
    });
  }
  const text = await readResponseText(upstream);
  await settleFromJson(entry, text);
  return new Response(text, {
    status: upstream.status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...API_HEADERS },
  });
}

export const postResponses = defineRoute({ role: "editor", mutating: true, limit: "responses" }, ({ request, user }) => createResponse(request, user, "guarded"));

/**
 * The benchmark's floor: the same route with a plain `new Response(upstream.body)` pass-through.
 * Served only when GATEHOUSE_BENCH_ROUTES=1; a 404 otherwise.
 */
export const postResponsesPlain = defineRoute({ role: "editor", mutating: true, limit: "responses" }, async ({ request, user }) => {
  if (serverEnv().GATEHOUSE_BENCH_ROUTES !== "1") throw new HttpError(404, "Not found");
  return createResponse(request, user, "plain");
});
