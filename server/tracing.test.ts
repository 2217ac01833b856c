import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EvaluationRunEnvelopeSchema, QuestionSetSavedEnvelopeSchema } from "@/lib/contract/bff/evaluations";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { captureLogs } from "@/lib/observability/testing/capture-logs";
import { parseServerSettings } from "@/lib/server/config/server-settings";
import { createEvaluationRun } from "@/lib/server/handlers/evaluation-runs";
import { createSet } from "@/lib/server/handlers/evaluation-sets";
import { startTracing } from "@/lib/server/observability/start-tracing";
import { tracingState } from "@/lib/server/observability/tracing";
import { setTracingState } from "@/lib/server/observability/tracing-state";
import { runToEnd } from "@/lib/server/testing/evaluation-runner";
import { params, setUpBff, type BffTestEnv } from "@/lib/server/testing/test-support";
import { createDashboardServer } from "./dashboard-server";
import { registerFastLane } from "./fast-lane/registry";
import { FAST_LANE_ROUTES } from "./fast-lane/routes.generated";

/**
 * Issue 40, OpenTelemetry: a real OTLP/HTTP receiver (node:http on a free port, decoding the exporter's JSON) gets
 * the spans of a playground answer sent through the real dashboard server (its edge, the fast lane, the BFF's
 * route) to the embedded gateway, and of an evaluation item executed by the runner; the spans and their attributes
 * are checked against the GenAI semantic conventions' attribute lists (client inference span, retrieval span).
 */

// The conventions' attributes (semantic-conventions-genai, docs/gen-ai/client-inference.md and gen-ai-spans.md#retrievals).
const INFERENCE_ATTRIBUTES = new Set([
  "gen_ai.operation.name", "gen_ai.provider.name", "error.type", "gen_ai.conversation.id", "gen_ai.output.type", "gen_ai.prompt.name",
  "gen_ai.prompt.version", "gen_ai.request.choice.count", "gen_ai.request.model", "gen_ai.request.seed", "gen_ai.request.stream",
  "gen_ai.request.top_k", "server.port", "gen_ai.conversation.compacted", "gen_ai.request.frequency_penalty", "gen_ai.request.max_tokens",
  "gen_ai.request.presence_penalty", "gen_ai.request.previous_response.id", "gen_ai.request.reasoning.level", "gen_ai.request.stop_sequences",
  "gen_ai.request.temperature", "gen_ai.request.top_p", "gen_ai.response.finish_reasons", "gen_ai.response.id", "gen_ai.response.model",
  "gen_ai.response.time_to_first_chunk", "gen_ai.usage.cache_read.input_tokens", "gen_ai.usage.cache_write.input_tokens",
  "gen_ai.usage.input_tokens", "gen_ai.usage.output_tokens", "gen_ai.usage.reasoning.output_tokens", "server.address",
  "gen_ai.input.messages", "gen_ai.output.messages", "gen_ai.system_instructions", "gen_ai.tool.definitions",
]);
const RETRIEVAL_ATTRIBUTES = new Set([
  "gen_ai.operation.name", "gen_ai.provider.name", "error.type", "gen_ai.data_source.id", "gen_ai.request.model", "server.port",
  "gen_ai.retrieval.top_k", "server.address", "gen_ai.retrieval.documents", "gen_ai.retrieval.query.text",
]);
const SPAN_KIND = { INTERNAL: 1, SERVER: 2, CLIENT: 3 } as const;

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: OtlpValue[] };
}
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  service: unknown;
}

function valueOf(value: OtlpValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  return undefined;
}
const attributesOf = (list: { key: string; value: OtlpValue }[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

/** The collector stand-in: every POST to /v1/traces decoded into spans. */
function startReceiver(): Promise<{ server: Server; url: string; spans: ReceivedSpan[]; contentTypes: Set<string> }> {
  const spans: ReceivedSpan[] = [];
  const contentTypes = new Set<string>();
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      let body = Buffer.concat(chunks);
      if (request.headers["content-encoding"] === "gzip") body = gunzipSync(body);
      contentTypes.add(String(request.headers["content-type"]));
      if (request.method === "POST" && request.url === "/v1/traces") {
        const decoded = JSON.parse(body.toString("utf8")) as {
          resourceSpans: { resource?: { attributes?: { key: string; value: OtlpValue }[] }; scopeSpans: { spans: (Omit<ReceivedSpan, "attributes" | "service"> & { attributes?: { key: string; value: OtlpValue }[] })[] }[] }[];
        };
        for (const resourceSpans of decoded.resourceSpans) {
          const service = attributesOf(resourceSpans.resource?.attributes)["service.name"];
          for (const scope of resourceSpans.scopeSpans) for (const span of scope.spans) spans.push({ ...span, attributes: attributesOf(span.attributes), service });
        }
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, contentTypes })));
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let gateway: EmbeddedGateway;
let bff: BffTestEnv;
let dashboard: Server;
let base: string;
let logs: ReturnType<typeof captureLogs>;
const saved: Record<string, string | undefined> = {};

function setEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (!(name in saved)) saved[name] = process.env[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

beforeAll(async () => {
  receiver = await startReceiver();
  setEnv({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: undefined,
    OTEL_SERVICE_NAME: "gatehouse-under-test",
    OTEL_SDK_DISABLED: undefined,
    OTEL_TRACES_EXPORTER: undefined,
    OTEL_TRACES_SAMPLER: undefined,
    OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: undefined,
    TRUST_PROXY_HOPS: undefined,
  });
  // The process's logger, writing into this test (the edge's access line and the BFF's lines).
  logs = captureLogs();
  expect(await startTracing()).toBe(true);
  gateway = await startTestGateway({ answerTimeScale: 0 });
  bff = await setUpBff({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
  registerFastLane(FAST_LANE_ROUTES);
  const lane = { hostname: "127.0.0.1", port: 0 };
  dashboard = createDashboardServer({ settings: parseServerSettings({}), precompressed: new Map(), fastLane: lane, next: (_request, response) => response.writeHead(404).end() });
  await new Promise<void>((resolve) => dashboard.listen(0, "127.0.0.1", resolve));
  lane.port = (dashboard.address() as AddressInfo).port;
  base = `http://127.0.0.1:${lane.port}`;
  // The BFF's Origin check accepts this machine's addresses on the dashboard's own port.
  setEnv({ PORT: String(lane.port) });
}, 120_000);

afterAll(async () => {
  await tracingState()?.shutdown();
  setTracingState(undefined);
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("gatehouse.observability.trace-ids")];
  await new Promise<void>((resolve) => dashboard?.close(() => resolve()));
  await bff?.cleanup();
  await gateway?.close();
  await new Promise<void>((resolve) => receiver?.server.close(() => resolve()));
  setEnv(saved);
  logs?.restore();
});

/** Flushes the SDK's batch and waits (deadline, no fixed sleep) until the receiver holds a span that matches. */
async function received(match: (span: ReceivedSpan) => boolean, what: string): Promise<ReceivedSpan> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await tracingState()!.flush();
    const found = receiver.spans.find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no span ${what}; received: ${receiver.spans.map((span) => span.name).join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every gen_ai.* attribute is one the conventions name for that span, and the required ones are there. */
function expectConventional(span: ReceivedSpan, allowed: Set<string>) {
  const unknown = Object.keys(span.attributes).filter((key) => (key.startsWith("gen_ai.") || key === "error.type" || key.startsWith("server.")) && !allowed.has(key));
  expect(unknown, span.name).toEqual([]);
  expect(span.attributes["gen_ai.operation.name"], span.name).toBeTypeOf("string");
  expect(span.attributes["gen_ai.provider.name"], span.name).toBe("openrouter");
  expect(span.kind, span.name).toBe(SPAN_KIND.CLIENT);
}

async function playground(body: Record<string, unknown>): Promise<{ response: Response; events: Record<string, unknown>[] }> {
  const response = await fetch(`${base}/api/responses`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: bff.cookies.editor, origin: base },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const events = text
    .split("\n\n")
    .filter((block) => block.startsWith("data: ") && block !== "data: [DONE]")
    .map((block) => JSON.parse(block.slice(6)) as Record<string, unknown>);
  return { response, events };
}

describe("traces over OTLP/HTTP", () => {
  it("a playground answer: the request's server span, its model call's client span as the GenAI conventions say, a retrieval span per web search", async () => {
    const { response, events } = await playground({
      model: "gatehouse/echo",
      input: "How does keyset pagination work?",
      stream: true,
      temperature: 0.3,
      top_p: 0.9,
      max_output_tokens: 300,
      plugins: [{ id: "web", max_results: 3 }],
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const completed = events.find((event) => event.type === "response.completed")?.response as { id: string; model: string; usage: { input_tokens: number; output_tokens: number } };
    expect(completed?.id).toBeTruthy();

    const server = await received((span) => span.kind === SPAN_KIND.SERVER && span.attributes["gatehouse.request_id"] === requestId, "for the request");
    expect(server).toMatchObject({ name: "POST", service: "gatehouse-under-test" });
    expect(server.attributes).toMatchObject({ "http.request.method": "POST", "url.path": "/api/responses", "http.response.status_code": 200, "user.id": bff.userIds.editor });

    const chat = await received((span) => span.parentSpanId === server.spanId && span.name.startsWith("chat "), "of the model call");
    expect(chat.name).toBe("chat gatehouse/echo");
    expect(chat.traceId).toBe(server.traceId);
    expectConventional(chat, INFERENCE_ATTRIBUTES);
    expect(chat.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.request.model": "gatehouse/echo",
      "gen_ai.request.temperature": 0.3,
      "gen_ai.request.top_p": 0.9,
      "gen_ai.request.max_tokens": 300,
      "gen_ai.request.stream": true,
      "gen_ai.response.id": completed.id,
      "gen_ai.response.model": completed.model,
      "gen_ai.response.finish_reasons": ["stop"],
      "gen_ai.usage.input_tokens": completed.usage.input_tokens,
      "gen_ai.usage.output_tokens": completed.usage.output_tokens,
      "gen_ai.usage.cache_read.input_tokens": 0,
      "gen_ai.usage.reasoning.output_tokens": 0,
      "server.address": "127.0.0.1",
    });
    expect(chat.attributes["gen_ai.response.time_to_first_chunk"]).toBeGreaterThan(0);
    // Message contents only when opted in.
    for (const key of ["gen_ai.input.messages", "gen_ai.output.messages", "gen_ai.system_instructions"]) expect(chat.attributes[key]).toBeUndefined();

    expect(events.some((event) => (event.item as { type?: string } | undefined)?.type === "web_search_call")).toBe(true);
    const retrieval = await received((span) => span.parentSpanId === chat.spanId, "of the web search");
    expect(retrieval.name).toBe("retrieval web");
    expectConventional(retrieval, RETRIEVAL_ATTRIBUTES);
    expect(retrieval.attributes).toMatchObject({ "gen_ai.operation.name": "retrieval", "gen_ai.data_source.id": "web" });
    expect(retrieval.attributes["gen_ai.retrieval.query.text"]).toBeUndefined();

    // The request's log lines carry its id, its user, the generation and the trace.
    const access = logs.lines.find((line) => line.request_id === requestId && line.msg === "request");
    expect(access).toMatchObject({ level: "info", route: "/api/responses", status: 200, user_id: bff.userIds.editor, trace_id: server.traceId, generation_id: completed.id });
    expect(access?.duration_ms).toBeTypeOf("number");
    expect(access?.gateway_request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(receiver.contentTypes).toContain("application/json");
  });

  it("message contents go on the spans only when OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT opts in", async () => {
    tracingState()!.captureContent = true;
    try {
      const { response } = await playground({ model: "gatehouse/echo", input: "What is write-ahead logging?", stream: true });
      const requestId = response.headers.get("x-request-id");
      const server = await received((span) => span.attributes["gatehouse.request_id"] === requestId, "for the request");
      const chat = await received((span) => span.parentSpanId === server.spanId, "of the model call");
      expect(JSON.parse(String(chat.attributes["gen_ai.input.messages"]))).toEqual([{ role: "user", parts: [{ type: "text", content: "What is write-ahead logging?" }] }]);
      const output = JSON.parse(String(chat.attributes["gen_ai.output.messages"])) as { role: string; parts: { content: string }[] }[];
      expect(output[0].role).toBe("assistant");
      expect(output[0].parts[0].content.length).toBeGreaterThan(0);
    } finally {
      tracingState()!.captureContent = false;
    }
  });

  it("an evaluation item: its run's span is the parent of the item's, the item's of its model call", async () => {
    // The run is created by calling the routes' handlers directly (their requests name the test origin's port).
    setEnv({ PORT: "3000" });
    const set = await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json: { name: "traced", rows: [{ question: "How do rate limits use Retry-After?" }] } }), params({}));
    expect(set.status, await set.clone().text()).toBe(201);
    const setId = QuestionSetSavedEnvelopeSchema.parse(await set.json()).data.set_id;
    const run = await createEvaluationRun(bff.request("/api/evaluations/runs", { role: "editor", json: { set_id: setId, models: ["gatehouse/swift"], checks: ["min-length:1"], cap_usd: 0.5 } }), params({}));
    expect(run.status, await run.clone().text()).toBe(201);
    const runId = EvaluationRunEnvelopeSchema.parse(await run.json()).data.id;
    await runToEnd([runId]);

    const runSpan = await received((span) => span.name === "evaluation run" && span.attributes["gatehouse.evaluation.run_id"] === runId, "of the run");
    const item = await received((span) => span.name === "evaluation item" && span.parentSpanId === runSpan.spanId, "of the item");
    expect(item.attributes).toMatchObject({ "gatehouse.evaluation.run_id": runId, "gatehouse.evaluation.question_index": 0, "gatehouse.evaluation.version_index": 0 });
    const chat = await received((span) => span.parentSpanId === item.spanId && span.name === "chat gatehouse/swift", "of the item's model call");
    expectConventional(chat, INFERENCE_ATTRIBUTES);
    expect(chat.attributes).toMatchObject({ "gen_ai.request.model": "gatehouse/swift", "gen_ai.request.stream": true, "gen_ai.response.finish_reasons": ["stop"] });
    expect(chat.attributes["gen_ai.response.id"]).toBeTypeOf("string");
    expect(chat.attributes["gen_ai.usage.output_tokens"]).toBeGreaterThan(0);
    expect(new Set([runSpan.traceId, item.traceId, chat.traceId]).size).toBe(1);
    const itemLine = logs.lines.find((line) => line.run_id === runId && line.msg === "evaluation item answered");
    expect(itemLine).toMatchObject({ generation_id: chat.attributes["gen_ai.response.id"], trace_id: chat.traceId });
  });

  it("a failed model call: the access line is an error naming the request, the user and the trace; both spans say what failed", async () => {
    setEnv({ PORT: new URL(base).port });
    await fetch(`${gateway.baseUrl}/__faults`, {
      method: "POST",
      headers: { authorization: `Bearer ${gateway.managementKey}`, "content-type": "application/json" },
      body: JSON.stringify({ path: "/responses", method: "POST", count: 1, status: 500 }),
    });
    const { response } = await playground({ model: "gatehouse/echo", input: "Will this fail?", stream: true });
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id");
    const server = await received((span) => span.attributes["gatehouse.request_id"] === requestId, "for the failed request");
    expect(server.attributes).toMatchObject({ "http.response.status_code": 500, "error.type": "500" });
    const chat = await received((span) => span.parentSpanId === server.spanId, "of the failed model call");
    expectConventional(chat, INFERENCE_ATTRIBUTES);
    expect(chat.attributes).toMatchObject({ "error.type": "500", "http.response.status_code": 500 });
    const lines = logs.lines.filter((line) => line.request_id === requestId);
    const access = lines.find((line) => line.msg === "request failed");
    expect(access).toMatchObject({ level: "error", route: "/api/responses", status: 500, user_id: bff.userIds.editor, trace_id: server.traceId });
    expect(access?.gateway_request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.find((line) => line.msg === "the gateway refused the call")).toMatchObject({ level: "error", upstream_status: 500, trace_id: server.traceId });
    // The embedded gateway (in this process here) logged the call under its own id, naming this request.
    const gatewayLines = logs.lines.filter((line) => line.caller_request_id === requestId);
    expect(gatewayLines.find((line) => String(line.msg).startsWith("request"))?.request_id).toBe(access?.gateway_request_id);
    if (process.env.PRINT_LOG_EXCERPT) process.stdout.write(`EXCERPT\n${[...gatewayLines, ...lines].map((line) => JSON.stringify(line)).join("\n")}\nEXCERPT-END\n`);
  });
});
