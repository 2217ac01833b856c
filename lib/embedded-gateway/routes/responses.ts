import { MESSAGES, ResponsesRequestSchema, type ResponsesRequest } from "@/lib/contract/gateway";
import { presetToResponsesRequest } from "@/lib/presets/to-responses-request";
import type { GatewayContext, RouteDef } from "../context";
import { HttpError } from "../http-error";
import { readJson } from "../request-body";
import { applyPreset, presetReferenceOf, PresetReferenceError } from "../responder/apply-preset";
import { AbortedError, generateResponse, type ResponseEvent } from "../responder/generate";
import { PlanFieldError, planResponse, UnknownModelError } from "../responder/plan";
import { eventStream } from "../responder/sse";
import { modelRequestBodyLimit } from "./body-limits";

/**
 * Resolves a preset the request names (see responder/apply-preset.ts for the rules) against the
 * designated version in the key's workspace; a request without one passes through untouched.
 */
function withPreset(ctx: GatewayContext, workspaceId: string, given: ResponsesRequest): { request: ResponsesRequest; modelFromPreset: string | null } {
  let reference;
  try {
    reference = presetReferenceOf(given);
  } catch (error) {
    if (error instanceof PresetReferenceError) throw HttpError.field(error.field, error.message);
    throw error;
  }
  if (!reference) return { request: given, modelFromPreset: null };

  const stored = ctx.presets.get(workspaceId, reference.slug);
  if (!stored) {
    throw new HttpError(404, `${MESSAGES.notFound}: no preset with slug "${reference.slug}" (named by ${reference.field})`, {
      preset: reference.slug,
      field: reference.field,
    });
  }
  let version = stored.designated_version;
  if (reference.version !== null) {
    const pinned = ctx.presets.version(stored.id, reference.version);
    if (!pinned) {
      throw new HttpError(404, `${MESSAGES.notFound}: preset "${reference.slug}" has no version ${reference.version} (named by ${reference.field})`, {
        preset: reference.slug,
        version: reference.version,
        field: reference.field,
      });
    }
    version = pinned;
  }
  const merged = applyPreset(given, reference, presetToResponsesRequest(version).fields);
  const hasModel = typeof merged.model === "string" || (Array.isArray(merged.models) && merged.models.length > 0);
  if (!hasModel) throw HttpError.field("model", `is required: preset "${reference.slug}" names no model, so the request must`);
  // The schema stays the one judge: a preset value and a request value may be fine alone and not together.
  const parsed = ResponsesRequestSchema.safeParse(merged);
  if (!parsed.success) throw HttpError.fromZod(parsed.error);
  return { request: parsed.data, modelFromPreset: reference.model === undefined ? reference.slug : null };
}

const FINAL_EVENTS = new Set(["response.completed", "response.incomplete", "response.failed"]);

/** The answer's events as they are, its final one written to the generations as it passes. */
async function* recorded(ctx: GatewayContext, events: AsyncGenerator<ResponseEvent>, meta: { keyId: string; startedAt: number; streamed: boolean }): AsyncGenerator<ResponseEvent> {
  for await (const event of events) {
    if (FINAL_EVENTS.has(event.type)) {
      const response = event.response as { id?: string; model?: string; status?: string; usage?: { input_tokens?: number; output_tokens?: number; cost?: number; server_tool_use_details?: { web_search_requests?: number } } | null } | undefined;
      if (response?.id && response.usage) {
        ctx.generations.record({
          id: response.id,
          keyId: meta.keyId,
          model: response.model ?? "",
          createdAt: meta.startedAt,
          streamed: meta.streamed,
          finishReason: response.status === "completed" ? "stop" : response.status === "incomplete" ? "length" : "error",
          tokensPrompt: response.usage.input_tokens ?? 0,
          tokensCompletion: response.usage.output_tokens ?? 0,
          searchResults: response.usage.server_tool_use_details?.web_search_requests ?? 0,
          totalCost: response.usage.cost ?? 0,
          latencyMs: Date.now() - meta.startedAt,
        });
      }
    }
    yield event;
  }
}

export function responseRoutes(ctx: GatewayContext): RouteDef[] {
  return [
    {
      method: "POST",
      path: "/responses",
      access: "any",
      async handler(c) {
        const given = await readJson(c.req.raw, modelRequestBodyLimit(ctx.limits.maxJsonBytes), ResponsesRequestSchema);
        const { request, modelFromPreset } = withPreset(ctx, c.get("key").defaultWorkspaceId, given);
        let plan;
        try {
          plan = planResponse(request);
        } catch (error) {
          if (error instanceof UnknownModelError) {
            const origin = modelFromPreset ? `, from preset "${modelFromPreset}"` : "";
            throw HttpError.field("model", `names a model this gateway does not serve (${JSON.stringify(error.model)}${origin}); GET /models lists them`);
          }
          if (error instanceof PlanFieldError) throw HttpError.field(error.field, error.message);
          throw error;
        }
        const keyId = c.get("key").id;
        const startedAt = Date.now();
        const echoed = c.get("fault")?.echoAuthorization ? (c.req.header("authorization") ?? "") : null;
        // Each answer that ends is kept as a generation (GET /generation?id=, /credits, /key, /activity).
        const run = (signal: AbortSignal) => {
          const events = generateResponse(plan, ctx.search, signal, ctx.answerTimeScale, ctx.citationFaults);
          return recorded(ctx, echoed === null ? events : failEchoingAuthorization(events, echoed), { keyId, startedAt, streamed: request.stream === true });
        };
        const outgoing = c.env?.outgoing;

        if (request.stream) {
          const body = eventStream(run, {
            requestSignal: c.req.raw.signal,
            counters: ctx.streams,
            cutAfterEvents: c.get("fault")?.cutStreamAfterEvents ?? null,
            cutAfterDeltas: c.get("fault")?.cutStreamAfterDeltas ?? null,
            // Under @hono/node-server the Node response is at hand; in app.fetch tests it is not.
            destroyConnection: outgoing ? () => outgoing.destroy() : undefined,
          });
          return new Response(body, {
            headers: {
              "Content-Type": "text/event-stream; charset=utf-8",
              // no-transform: proxies (and Next) must not compress or buffer the events.
              "Cache-Control": "no-cache, no-transform",
              "X-Accel-Buffering": "no",
            },
          });
        }

        let final: ResponseEvent | null = null;
        // A cut rule on a JSON answer: the connection drops partway through the generation (counted in
        // deltas or in events, as a stream would be cut), before any byte of the body is sent.
        const fault = c.get("fault");
        const byDeltas = (fault?.cutStreamAfterDeltas ?? null) !== null;
        const cutAt = byDeltas ? fault!.cutStreamAfterDeltas : (fault?.cutStreamAfterEvents ?? null);
        let counted = 0;
        try {
          for await (const event of run(c.req.raw.signal)) {
            final = event;
            if (!byDeltas || event.type === "response.output_text.delta") counted += 1;
            if (cutAt !== null && counted >= cutAt) break;
          }
        } catch (error) {
          // The client went away while we waited; nobody is left to answer.
          if (error instanceof AbortedError) return new Response(null, { status: 499 });
          throw error;
        }
        if (cutAt !== null) {
          ctx.streams.cut_by_fault += 1;
          if (outgoing) {
            outgoing.destroy();
            return new Response(null, { status: 499 });
          }
          // No socket to drop (app.fetch in tests): the nearest thing is a failed answer.
          throw new HttpError(500, MESSAGES.internal);
        }
        return c.json(final!.response as Record<string, unknown>);
      },
    },
  ];
}

/**
 * Fault injection (echo_authorization_in_error): the response starts, then fails with an `error` event and a
 * `response.failed` event whose messages carry the request's Authorization value, as a careless provider might.
 */
async function* failEchoingAuthorization(events: AsyncGenerator<ResponseEvent>, authorization: string): AsyncGenerator<ResponseEvent> {
  const first = await events.next();
  await events.return(undefined);
  if (first.done) return;
  yield first.value;
  const message = `The provider refused the request sent with "Authorization: ${authorization}"`;
  const error = { code: "invalid_api_key", message };
  yield { type: "error", sequence_number: 1, code: error.code, message, param: null };
  const response = (first.value.response ?? {}) as Record<string, unknown>;
  yield { type: "response.failed", sequence_number: 2, response: { ...response, status: "failed", error } };
}
