import { describe, expect, it } from "vitest";
import {
  AnnotationSchema,
  AnyStreamEventSchema,
  OutputItemSchema,
  OutputTextSchema,
  ResponseObjectSchema,
  ResponsesRequestSchema,
  STREAM_EVENT_ORDER,
  STREAM_EVENT_TYPES,
  StreamEventSchema,
  UsageSchema,
  WEB_SEARCH_CALL_EVENT_ORDER,
  XSearchFilterSchema,
  isKnownStreamEvent,
  isMessageOutputItem,
  isOutputText,
  isUrlCitation,
  type StreamEvent,
} from "./responses";
import { issuePaths, issuesOf, itParsesReferenceExamples } from "./test-fixtures/issues";
import { REFERENCE_EXAMPLES } from "./test-fixtures/reference-examples";

const base = { model: "openai/gpt-4o", input: "What happened today?" };
const withBody = (patch: Record<string, unknown>) => ({ ...base, ...patch });
const handles = (count: number) => Array.from({ length: count }, (_, index) => `handle${index}`);
const web = (patch: Record<string, unknown> = {}) => ({ plugins: [{ id: "moderation" }, { id: "web", ...patch }] });

const LIMIT_CASES: Array<[string, Record<string, unknown>, Record<string, unknown>, string]> = [
  ["max_output_tokens positive", { max_output_tokens: 1 }, { max_output_tokens: 0 }, "max_output_tokens"],
  ["max_output_tokens integer", { max_output_tokens: 256 }, { max_output_tokens: 2.5 }, "max_output_tokens"],
  ["stream boolean", { stream: true }, { stream: "yes" }, "stream"],
  ["temperature max 2", { temperature: 2 }, { temperature: 2.5 }, "temperature"],
  ["web max_results min 1", web({ max_results: 1 }), web({ max_results: 0 }), "plugins[1].max_results"],
  ["web max_results max 25", web({ max_results: 25 }), web({ max_results: 26 }), "plugins[1].max_results"],
  ["web max_results max 25 (parallel)", web({ engine: "parallel", max_results: 25 }), web({ engine: "parallel", max_results: 26 }), "plugins[1].max_results"],
  ["web max_results max 20 (perplexity)", web({ engine: "perplexity", max_results: 20 }), web({ engine: "perplexity", max_results: 21 }), "plugins[1].max_results"],
  ["web engine known", web({ engine: "native" }), web({ engine: "altavista" }), "plugins[1].engine"],
  ["web include_domains strings", web({ include_domains: ["*.example"] }), web({ include_domains: "example.com" }), "plugins[1].include_domains"],
  ["web_search tool max_results max 25", { tools: [{ type: "openrouter:web_search", parameters: { max_results: 25 } }] }, { tools: [{ type: "openrouter:web_search", parameters: { max_results: 26 } }] }, "tools[0].parameters.max_results"],
  ["allowed_x_handles max 20", { x_search_filter: { allowed_x_handles: handles(20) } }, { x_search_filter: { allowed_x_handles: handles(21) } }, "x_search_filter.allowed_x_handles"],
  ["excluded_x_handles max 20", { x_search_filter: { excluded_x_handles: handles(20) } }, { x_search_filter: { excluded_x_handles: handles(21) } }, "x_search_filter.excluded_x_handles"],
  ["x handle lists mutually exclusive", { x_search_filter: { allowed_x_handles: ["a"] } }, { x_search_filter: { allowed_x_handles: ["a"], excluded_x_handles: ["b"] } }, "x_search_filter.excluded_x_handles"],
  ["from_date ISO 8601 date", { x_search_filter: { from_date: "2025-02-28" } }, { x_search_filter: { from_date: "2025-02-30" } }, "x_search_filter.from_date"],
  ["to_date ISO 8601 date", { x_search_filter: { to_date: "2025-12-31" } }, { x_search_filter: { to_date: "31/12/2025" } }, "x_search_filter.to_date"],
  ["to_date not before from_date", { x_search_filter: { from_date: "2025-01-01", to_date: "2025-01-01" } }, { x_search_filter: { from_date: "2025-01-02", to_date: "2025-01-01" } }, "x_search_filter.to_date"],
  ["image understanding boolean", { x_search_filter: { enable_image_understanding: true } }, { x_search_filter: { enable_image_understanding: "yes" } }, "x_search_filter.enable_image_understanding"],
  ["video understanding boolean", { x_search_filter: { enable_video_understanding: false } }, { x_search_filter: { enable_video_understanding: 1 } }, "x_search_filter.enable_video_understanding"],
  ["input message role", { input: [{ type: "message", role: "user", content: "hi" }] }, { input: [{ type: "message", role: "narrator", content: "hi" }] }, "input[0].role"],
  ["input_text needs text", { input: [{ role: "user", content: [{ type: "input_text", text: "hi" }] }] }, { input: [{ role: "user", content: [{ type: "input_text" }] }] }, "input[0].content[0].text"],
];

describe("ResponsesRequestSchema", () => {
  it.each(LIMIT_CASES)("%s", (_label, accepted, rejected, path) => {
    expect(issuePaths(ResponsesRequestSchema, withBody(accepted))).toEqual([]);
    expect(issuePaths(ResponsesRequestSchema, withBody(rejected))).toContain(path);
  });

  it("explains the mutual exclusion in words", () => {
    expect(
      issuesOf(XSearchFilterSchema, { allowed_x_handles: ["a"], excluded_x_handles: ["b"] }),
    ).toEqual([
      {
        path: "excluded_x_handles",
        message: "excluded_x_handles cannot be combined with allowed_x_handles; give only one of the two",
      },
    ]);
  });

  it("requires a model unless a preset is named", () => {
    expect(issuePaths(ResponsesRequestSchema, { input: "hi" })).toEqual(["model"]);
    expect(issuePaths(ResponsesRequestSchema, { input: "hi", preset: "my-preset" })).toEqual([]);
    expect(issuePaths(ResponsesRequestSchema, { model: "m" })).toEqual(["input"]);
  });

  it("accepts the contract's request forms", () => {
    const request = {
      model: "openai/gpt-4o",
      input: [
        { type: "message", role: "user", content: [{ type: "input_text", text: "Who won?" }] },
        {
          type: "message",
          role: "assistant",
          id: "msg_1",
          status: "completed",
          content: [
            {
              type: "output_text",
              text: "The home team.",
              annotations: [{ type: "url_citation", url: "https://news.example/a", start_index: 0, end_index: 14 }],
            },
          ],
        },
        { type: "message", role: "user", content: [{ type: "input_text", text: "By how much?" }] },
      ],
      plugins: [{ id: "web", engine: "exa", max_results: 3, include_domains: ["*.example"], exclude_domains: ["spam.example"] }],
      tools: [
        { type: "openrouter:web_search", parameters: { engine: "perplexity", max_results: 20, allowed_domains: ["news.example"] } },
        { type: "function", name: "lookup", parameters: { type: "object" } },
        { type: "mcp", server_label: "kept as is" },
      ],
      max_output_tokens: 512,
      stream: true,
      x_search_filter: {
        allowed_x_handles: ["openrouter"],
        from_date: "2025-01-01",
        to_date: "2025-06-30",
        enable_image_understanding: true,
        enable_video_understanding: false,
      },
    };
    const parsed = ResponsesRequestSchema.parse(request);
    expect(parsed.tools?.[2]).toEqual({ type: "mcp", server_label: "kept as is" });
  });

  it("parses the reference request examples", () => {
    for (const example of REFERENCE_EXAMPLES.responsesRequest) {
      expect(issuesOf(ResponsesRequestSchema, example)).toEqual([]);
    }
  });
});

describe("response readers", () => {
  itParsesReferenceExamples([
    ["responseObject", ResponseObjectSchema],
    ["annotation", AnnotationSchema],
    ["outputText", OutputTextSchema],
    ["outputItem", OutputItemSchema],
    ["usage", UsageSchema],
  ]);

  it("reads a completed web-search response with citations", () => {
    const response = ResponseObjectSchema.parse({
      id: "resp_1",
      object: "response",
      created_at: 1_700_000_000,
      model: "openai/gpt-4o",
      status: "completed",
      output: [
        {
          type: "web_search_call",
          id: "ws_1",
          status: "completed",
          action: {
            type: "search",
            query: "match result",
            sources: [{ type: "url", url: "https://news.example/a", title: "Match report" }],
          },
        },
        {
          type: "message",
          id: "msg_1",
          status: "completed",
          role: "assistant",
          content: [
            {
              type: "output_text",
              text: "The home team won 2-1.",
              annotations: [
                {
                  type: "url_citation",
                  url: "https://news.example/a",
                  title: "Match report",
                  start_index: 0,
                  end_index: 22,
                  content: "Home side won 2-1",
                },
              ],
            },
          ],
        },
      ],
      usage: { input_tokens: 10, output_tokens: 8, total_tokens: 18 },
    });
    const message = response.output.find(isMessageOutputItem);
    const part = message?.content.find(isOutputText);
    const citation = part?.annotations.find(isUrlCitation);
    expect(citation?.url).toBe("https://news.example/a");
    expect(citation?.end_index).toBe(22);
  });

  it("tolerates kinds it does not model and keeps their fields", () => {
    const item = OutputItemSchema.parse({ type: "reasoning", id: "r1", summary: [] });
    expect(item).toEqual({ type: "reasoning", id: "r1", summary: [] });
    const annotation = AnnotationSchema.parse({ type: "file_citation", file_id: "f1", index: 0 });
    expect(annotation.type).toBe("file_citation");
    const response = ResponseObjectSchema.parse({
      id: "r",
      object: "response",
      created_at: 1,
      model: "m",
      status: "queued",
      output: [],
      brand_new_field: true,
    });
    expect(response.brand_new_field).toBe(true);
    for (const status of ["completed", "incomplete", "failed", "in_progress", "cancelled", "paused"]) {
      expect(issuePaths(ResponseObjectSchema, { ...response, status })).toEqual([]);
    }
  });

  it("still checks known kinds strictly, naming the field inside them", () => {
    expect(
      issuePaths(OutputItemSchema, { type: "message", id: "m", role: "assistant", content: [{ type: "output_text" }] }),
    ).toEqual(["content[0].text"]);
    expect(issuePaths(AnnotationSchema, { type: "url_citation", url: "u", start_index: 5, end_index: 2 })).toEqual([
      "end_index",
    ]);
    expect(issuePaths(AnnotationSchema, { type: "url_citation", start_index: 0, end_index: 2 })).toEqual(["url"]);
  });

  it("defaults missing annotations to an empty list", () => {
    expect(OutputTextSchema.parse({ type: "output_text", text: "x" }).annotations).toEqual([]);
  });
});

describe("stream events", () => {
  const response = (status: string) => ({
    id: "resp_1",
    object: "response",
    created_at: 1_700_000_000,
    model: "openai/gpt-4o",
    status,
    output: [],
  });
  const message = { type: "message", id: "msg_1", role: "assistant", status: "in_progress", content: [] };
  const text = { type: "output_text", text: "", annotations: [] };
  const at = { item_id: "msg_1", output_index: 0, content_index: 0 };
  const citation = { type: "url_citation", url: "https://a.example", title: "A", start_index: 0, end_index: 5 };

  const sequence: Array<Record<string, unknown>> = [
    { type: "response.created", response: response("in_progress") },
    { type: "response.in_progress", response: response("in_progress") },
    { type: "response.output_item.added", output_index: 0, item: message },
    { type: "response.content_part.added", ...at, part: text },
    { type: "response.output_text.delta", ...at, delta: "Hello" },
    { type: "response.output_text.annotation.added", ...at, annotation_index: 0, annotation: citation },
    { type: "response.output_text.done", ...at, text: "Hello" },
    { type: "response.content_part.done", ...at, part: { ...text, text: "Hello", annotations: [citation] } },
    { type: "response.output_item.done", output_index: 0, item: { ...message, status: "completed" } },
    { type: "response.completed", response: { ...response("completed"), usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } } },
  ].map((event, index) => ({ ...event, sequence_number: index }));

  it("parses one event of each type of STREAM_EVENT_ORDER, in that order", () => {
    const parsed = sequence.map((event) => StreamEventSchema.parse(event));
    expect(parsed.map((event) => event.type)).toEqual([...STREAM_EVENT_ORDER]);
  });

  it("narrows by type", () => {
    const event: StreamEvent = StreamEventSchema.parse(sequence[5]);
    if (event.type !== "response.output_text.annotation.added") throw new Error("wrong type");
    expect(event.annotation_index).toBe(0);
  });

  it("parses the reference stream event examples", () => {
    const types = new Set<string>();
    for (const example of REFERENCE_EXAMPLES.streamEvent) {
      expect(issuesOf(StreamEventSchema, example)).toEqual([]);
      types.add((example as { type: string }).type);
    }
    for (const type of [...STREAM_EVENT_ORDER, ...WEB_SEARCH_CALL_EVENT_ORDER, "error", "response.failed", "response.incomplete"]) {
      expect(types).toContain(type);
    }
    expect([...types].sort()).toEqual([...STREAM_EVENT_TYPES].sort());
  });

  it("requires sequence_number and the location fields", () => {
    const { sequence_number: _dropped, ...withoutSequence } = sequence[4];
    expect(issuePaths(StreamEventSchema, withoutSequence)).toEqual(["sequence_number"]);
    expect(issuePaths(StreamEventSchema, { type: "response.output_text.delta", sequence_number: 1 })).toEqual([
      "item_id",
      "output_index",
      "content_index",
      "delta",
    ]);
    expect(issuePaths(StreamEventSchema, { type: "error", sequence_number: 3 })).toEqual(["message"]);
  });

  it("lets a tolerant reader pass unknown event types through", () => {
    const unknown = { type: "response.reasoning_text.delta", sequence_number: 3, delta: "…" };
    expect(issuePaths(StreamEventSchema, unknown)).toEqual(["type"]);
    const parsed = AnyStreamEventSchema.parse(unknown);
    expect(isKnownStreamEvent(parsed)).toBe(false);
    expect(isKnownStreamEvent(AnyStreamEventSchema.parse(sequence[0]))).toBe(true);
    expect(issuePaths(AnyStreamEventSchema, { type: "response.output_text.delta", sequence_number: 1, ...at })).toEqual([
      "delta",
    ]);
  });
});
