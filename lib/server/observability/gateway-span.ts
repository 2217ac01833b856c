import type { Span } from "@opentelemetry/api";
import { addToLogContext } from "@/lib/observability/log-context";
import { answerAttributes, emptyFacts, GEN_AI_PROVIDER, isModelCall, readChatChunk, readResponseObject, requestAttributes, type AnswerFacts } from "./gen-ai-attributes";
import { tracingState, type TracingState } from "./tracing-state";

/**
 * A client span for every gateway call (lib/server/upstream/upstream.ts wraps its one entry point with it). A model
 * call (POST /responses, chat completions) is named and attributed as the GenAI conventions say: the request's
 * model and parameters, then what the answer reports, read from its JSON body or, for a stream, from the events
 * as they pass on their way to the browser (unchanged), with the time to the first chunk; each web search the
 * model ran becomes a retrieval span of its own. Any other call is an HTTP client span. Retries happen inside
 * the span (the conventions: one span for the logical operation).
 */

export interface GatewayCall {
  method: string;
  path: string;
  json?: unknown;
  /** The call's URL, made only when a span needs it. */
  url: () => string;
}

/** The bytes a buffered JSON answer was read into (the transport's own, upstream/http-transport.ts). */
export type BodyOf = (response: Response) => Uint8Array | undefined;

export async function traceGatewayCall(call: GatewayCall, bodyOf: BodyOf, send: () => Promise<Response>): Promise<Response> {
  const state = tracingState();
  if (!state) return send();
  const { api, tracer } = state;
  const model = isModelCall(call.method, call.path);
  const target = new URL(call.url());
  const server = { "server.address": target.hostname, "server.port": Number(target.port || (target.protocol === "https:" ? 443 : 80)) };
  const described = model
    ? requestAttributes(call.path, call.json, state.captureContent)
    : { name: `${call.method}`, attributes: { "http.request.method": call.method, "url.full": `${target.origin}${target.pathname}`, "url.template": call.path } };
  const span = tracer.startSpan(described.name, { kind: api.SpanKind.CLIENT, attributes: { ...described.attributes, ...server } });
  const started = performance.now();
  let response: Response;
  try {
    response = await api.context.with(api.trace.setSpan(api.context.active(), span), send);
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    span.setAttribute("error.type", typeof status === "number" ? String(status) : ((error as Error).name ?? "Error"));
    span.setStatus({ code: api.SpanStatusCode.ERROR, message: (error as Error).message });
    span.end();
    throw error;
  }
  span.setAttribute("http.response.status_code", response.status);
  const gatewayRequestId = response.headers.get("x-request-id");
  if (gatewayRequestId) span.setAttribute("gatehouse.gateway.request_id", gatewayRequestId);
  if (!response.ok) {
    span.setAttribute("error.type", String(response.status));
    span.setStatus({ code: api.SpanStatusCode.ERROR });
    span.end();
    return response;
  }
  if (!model) {
    span.end();
    return response;
  }
  const buffered = bodyOf(response);
  if (buffered) {
    const facts = emptyFacts();
    try {
      readResponseObject(JSON.parse(new TextDecoder().decode(buffered)), facts);
    } catch {
      // Not JSON: the caller says so; the span keeps what the request said.
    }
    finishModelSpan(state, span, facts);
    return response;
  }
  if (!response.body) {
    span.end();
    return response;
  }
  const observed = observeStream(state, span, response.body, started);
  return new Response(observed, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function finishModelSpan(state: TracingState, span: Span, facts: AnswerFacts): void {
  span.setAttributes(answerAttributes(facts, state.captureContent));
  if (facts.finishReasons.includes("error")) span.setStatus({ code: state.api.SpanStatusCode.ERROR });
  // The access log line of the request names the generation too.
  if (facts.id) addToLogContext({ generation_id: facts.id });
  span.end();
}

/** An open web search of the stream (its output item's id), as a retrieval span. */
type Searches = Map<string, Span>;

function onEvent(state: TracingState, span: Span, event: Record<string, unknown>, facts: AnswerFacts, searches: Searches): void {
  const type = typeof event.type === "string" ? event.type : undefined;
  if (!type) {
    if (Array.isArray(event.choices) || typeof event.id === "string") readChatChunk(event, facts);
    return;
  }
  if (type === "response.created" || type === "response.in_progress" || type === "response.completed" || type === "response.incomplete" || type === "response.failed") {
    readResponseObject(event.response, facts);
    return;
  }
  if (type === "response.output_text.delta" && state.captureContent && typeof event.delta === "string") {
    facts.outputText += event.delta;
    return;
  }
  const item = event.item as { type?: unknown; id?: unknown; action?: { query?: unknown; sources?: unknown } } | undefined;
  if (!item || item.type !== "web_search_call" || typeof item.id !== "string") return;
  const { api, tracer } = state;
  if (type === "response.output_item.added" && !searches.has(item.id)) {
    const parent = api.trace.setSpan(api.context.active(), span);
    searches.set(
      item.id,
      tracer.startSpan("retrieval web", {
        kind: api.SpanKind.CLIENT,
        attributes: { "gen_ai.operation.name": "retrieval", "gen_ai.provider.name": GEN_AI_PROVIDER, "gen_ai.data_source.id": "web" },
      }, parent),
    );
  } else if (type === "response.output_item.done") {
    const search = searches.get(item.id);
    if (!search) return;
    searches.delete(item.id);
    const sources = Array.isArray(item.action?.sources) ? item.action.sources : [];
    search.setAttribute("gatehouse.retrieval.sources", sources.length);
    if (state.captureContent && typeof item.action?.query === "string") search.setAttribute("gen_ai.retrieval.query.text", item.action.query);
    if (state.captureContent && sources.length > 0) search.setAttribute("gen_ai.retrieval.documents", JSON.stringify(sources));
    search.end();
  }
}

/**
 * The stream as it came, read through: each `data:` line's event is folded into the span; the span ends when the
 * stream ends, fails or is cancelled (the browser's Stop).
 */
function observeStream(state: TracingState, span: Span, body: ReadableStream<Uint8Array>, started: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const facts = emptyFacts();
  const searches: Searches = new Map();
  let pending = "";
  let first = true;
  let done = false;
  const finish = (error?: unknown) => {
    if (done) return;
    done = true;
    for (const search of searches.values()) search.end();
    if (error !== undefined) {
      span.setAttribute("error.type", (error as Error)?.name ?? "stream_error");
      span.setStatus({ code: state.api.SpanStatusCode.ERROR, message: String((error as Error)?.message ?? error) });
    }
    finishModelSpan(state, span, facts);
  };
  const scan = (text: string) => {
    pending += text;
    let newline = pending.indexOf("\n");
    while (newline >= 0) {
      const line = pending.slice(0, newline).trimEnd();
      pending = pending.slice(newline + 1);
      newline = pending.indexOf("\n");
      if (!line.startsWith("data:")) continue;
      const data = line.slice(5).trim();
      if (data === "" || data === "[DONE]") continue;
      try {
        onEvent(state, span, JSON.parse(data) as Record<string, unknown>, facts, searches);
      } catch {
        // A line that is not JSON is the relay's business, not the span's.
      }
    }
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done: ended } = await reader.read();
        if (ended) {
          controller.close();
          finish();
          return;
        }
        if (first) {
          first = false;
          span.setAttribute("gen_ai.response.time_to_first_chunk", (performance.now() - started) / 1000);
        }
        scan(decoder.decode(value, { stream: true }));
        controller.enqueue(value);
      } catch (error) {
        controller.error(error);
        finish(error);
      }
    },
    cancel(reason) {
      span.setAttribute("gatehouse.cancelled", true);
      finish();
      return reader.cancel(reason);
    },
  });
}
