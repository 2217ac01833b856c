import "server-only";
import type { ResponsesRequest } from "@/lib/contract/gateway";
import { serverEnv } from "../config/env";
import { redactedResponse } from "../upstream/redact";
import { readUpstreamText, upstreamError, upstreamFetch } from "../upstream/upstream";

/**
 * The playground's one gateway call, POST /responses: the only module that spells it. Charged by its route's
 * own bucket ("responses"), one point a request, not by the gateway-read rule.
 */

const RESPONSES_PATH = "/responses";

/**
 * Sends the request once (a POST is never retried) and returns the gateway's answer, a stream or JSON, for the
 * caller to relay; a refusal becomes the contract's error. The browser's abort (Stop button, closed tab) ends
 * the gateway's work too. The body comes redacted (upstream/redact.ts): the playground's relay, the evaluation
 * runner, re-score's judge and the CLI all read it here, so a key the gateway echoes in an event reaches none of
 * them.
 */
export async function startResponse(body: ResponsesRequest, signal: AbortSignal): Promise<Response> {
  const upstream = await upstreamFetch({ method: "POST", path: RESPONSES_PATH, json: body, signal, timeoutMs: serverEnv().GATEWAY_TIMEOUT_MS });
  if (!upstream.ok) throw await upstreamError(upstream);
  return redactedResponse(upstream);
}

/** A JSON (not streamed) answer's text, read within the gateway timeout. */
export const readResponseText = readUpstreamText;
