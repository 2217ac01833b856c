import { z } from "zod";
import {
  CacheControlSchema,
  FunctionToolSchema as ChatFunctionToolSchema,
  KNOWN_TOOL_TYPES,
  PluginSchema,
  ProviderPreferencesSchema,
  ReasoningSchema,
  ServerToolSchema,
  WebSearchServerToolSchema,
} from "./chat-request";
import { FALLBACK_BRANCH_PARAM } from "./errors";
import { SlugSchema } from "./presets";
import { X_HANDLES_MAX } from "./request-constants";
import { EVEN_WITH_OTHER_ISSUES, tolerantByType } from "./tolerant";

/*
 * POST /responses (beta, contract 4.5 and 2.5). Requests are validated strictly on the fields
 * the contract names and loosely elsewhere; response objects and stream events are read
 * tolerantly (unknown item, part, annotation and event types pass through untouched) because
 * the interface is in beta and the real gateway emits far more kinds than we render.
 */

// ---------------------------------------------------------------------------------------------
// Annotations and output content

/**
 * Flags `later` (at `issue.path`) when it sorts before `earlier`. Only when both are of `kind`: a value of the
 * wrong type has its own issue already, and the refinement runs even then (EVEN_WITH_OTHER_ISSUES).
 */
function checkInOrder(ctx: z.RefinementCtx, kind: "number" | "string", earlier: unknown, later: unknown, issue: { path: string; message: string }) {
  if (typeof earlier === kind && typeof later === kind && (later as number | string) < (earlier as number | string)) {
    ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  }
}

export const UrlCitationSchema = z
  .looseObject({
    type: z.literal("url_citation"),
    url: z.string(),
    // The reference requires title; the contract does not list it, so readers accept its absence.
    title: z.string().optional(),
    start_index: z.number().int().min(0),
    end_index: z.number().int().min(0),
    content: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    checkInOrder(ctx, "number", value.start_index, value.end_index, { path: "end_index", message: "must not be less than start_index" });
  }, EVEN_WITH_OTHER_ISSUES);
export type UrlCitation = z.infer<typeof UrlCitationSchema>;

export const AnnotationSchema = tolerantByType(UrlCitationSchema, ["url_citation"]);
export type Annotation = z.infer<typeof AnnotationSchema>;

export function isUrlCitation(annotation: Annotation): annotation is UrlCitation {
  return annotation.type === "url_citation";
}

const LogprobSchema = z.looseObject({
  token: z.string(),
  logprob: z.number(),
  bytes: z.array(z.number().int()).optional(),
  top_logprobs: z.array(z.looseObject({ token: z.string(), logprob: z.number() })).optional(),
});

export const OutputTextSchema = z.looseObject({
  type: z.literal("output_text"),
  text: z.string(),
  // The reference lets the gateway omit annotations; readers normalise to an empty list.
  annotations: z.array(AnnotationSchema).default([]),
  logprobs: z.array(LogprobSchema).optional(),
});
export type OutputText = z.infer<typeof OutputTextSchema>;

export const RefusalPartSchema = z.looseObject({ type: z.literal("refusal"), refusal: z.string() });
export type RefusalPart = z.infer<typeof RefusalPartSchema>;

export const OutputContentPartSchema = tolerantByType(
  z.discriminatedUnion("type", [OutputTextSchema, RefusalPartSchema]),
  ["output_text", "refusal"],
);
export type OutputContentPart = z.infer<typeof OutputContentPartSchema>;

export function isOutputText(part: OutputContentPart): part is OutputText {
  return part.type === "output_text";
}

// ---------------------------------------------------------------------------------------------
// Output items

export const MESSAGE_STATUSES = ["in_progress", "completed", "incomplete"] as const;

export const MessageOutputItemSchema = z.looseObject({
  type: z.literal("message"),
  id: z.string(),
  role: z.literal("assistant"),
  status: z.string().optional(),
  content: z.array(OutputContentPartSchema),
});
export type MessageOutputItem = z.infer<typeof MessageOutputItemSchema>;

/**
 * A web search source. The reference has {type: "url", url}; our embedded gateway also sends
 * the page title so the playground can label sources without fetching them.
 */
export const WebSearchSourceSchema = z.looseObject({
  type: z.literal("url"),
  url: z.string(),
  title: z.string().optional(),
});
export type WebSearchSource = z.infer<typeof WebSearchSourceSchema>;

export const WebSearchActionSchema = tolerantByType(
  z.discriminatedUnion("type", [
    z.looseObject({
      type: z.literal("search"),
      query: z.string(),
      queries: z.array(z.string()).optional(),
      sources: z.array(WebSearchSourceSchema).optional(),
    }),
    z.looseObject({ type: z.literal("open_page"), url: z.string().nullable().optional() }),
    z.looseObject({ type: z.literal("find_in_page"), pattern: z.string(), url: z.string() }),
  ]),
  ["search", "open_page", "find_in_page"],
);
export type WebSearchAction = z.infer<typeof WebSearchActionSchema>;

export const WEB_SEARCH_CALL_STATUSES = ["in_progress", "searching", "completed", "failed"] as const;

/** The real gateway's web_search_call output item (reference OutputItemWebSearchCall). */
export const WebSearchCallItemSchema = z.looseObject({
  type: z.literal("web_search_call"),
  id: z.string(),
  status: z.string(),
  action: WebSearchActionSchema.optional(),
});
export type WebSearchCallItem = z.infer<typeof WebSearchCallItemSchema>;

/**
 * What the openrouter:web_search server tool reports instead (reference OutputWebSearchServerToolItem):
 * the same action, an optional id, and no events of its own beyond output_item.added/done. The web
 * plugin and `:online` report a web_search_call.
 */
export const WebSearchServerToolItemSchema = z.looseObject({
  type: z.literal("openrouter:web_search"),
  id: z.string().optional(),
  status: z.string(),
  action: WebSearchActionSchema.optional(),
});
export type WebSearchServerToolItem = z.infer<typeof WebSearchServerToolItemSchema>;

/** A web search the response ran, whichever way it was turned on. */
export type SearchItem = WebSearchCallItem | WebSearchServerToolItem;

export const OutputItemSchema = tolerantByType(
  z.discriminatedUnion("type", [MessageOutputItemSchema, WebSearchCallItemSchema, WebSearchServerToolItemSchema]),
  ["message", "web_search_call", "openrouter:web_search"],
);
export type OutputItem = z.infer<typeof OutputItemSchema>;

export function isMessageOutputItem(item: OutputItem): item is MessageOutputItem {
  return item.type === "message";
}
export function isSearchItem(item: OutputItem): item is SearchItem {
  return item.type === "web_search_call" || item.type === "openrouter:web_search";
}

// ---------------------------------------------------------------------------------------------
// Response object

export const UsageSchema = z.looseObject({
  input_tokens: z.number().int().min(0),
  output_tokens: z.number().int().min(0),
  total_tokens: z.number().int().min(0),
  input_tokens_details: z.looseObject({ cached_tokens: z.number().int().optional() }).optional(),
  output_tokens_details: z.looseObject({ reasoning_tokens: z.number().int().optional() }).optional(),
  cost: z.number().nullable().optional(),
});
export type Usage = z.infer<typeof UsageSchema>;

/** Known statuses; readers accept any string. */
export const RESPONSE_STATUSES = [
  "completed",
  "incomplete",
  "failed",
  "in_progress",
  "queued",
  "cancelled",
] as const;
export type KnownResponseStatus = (typeof RESPONSE_STATUSES)[number];

export const ResponseErrorSchema = z.looseObject({ code: z.string(), message: z.string() });

export const ResponseObjectSchema = z.looseObject({
  id: z.string(),
  object: z.literal("response"),
  created_at: z.number().int(),
  model: z.string(),
  status: z.string(),
  output: z.array(OutputItemSchema),
  // Absent on the created / in_progress snapshots; set once the response is done.
  usage: UsageSchema.nullable().optional(),
  error: ResponseErrorSchema.nullable().optional(),
  incomplete_details: z.looseObject({ reason: z.string().optional() }).nullable().optional(),
});
export type ResponseObject = z.infer<typeof ResponseObjectSchema>;

// ---------------------------------------------------------------------------------------------
// Request

export const InputTextPartSchema = z.looseObject({ type: z.literal("input_text"), text: z.string() });

/** Output text sent back as history: annotations are kept as given (no default is added). */
export const InputOutputTextPartSchema = z.looseObject({
  type: z.literal("output_text"),
  text: z.string(),
  annotations: z.array(AnnotationSchema).optional(),
  logprobs: z.array(LogprobSchema).optional(),
});

export const InputContentPartSchema = tolerantByType(
  z.discriminatedUnion("type", [InputTextPartSchema, InputOutputTextPartSchema, RefusalPartSchema]),
  ["input_text", "output_text", "refusal"],
);
export type InputContentPart = z.infer<typeof InputContentPartSchema>;

export const INPUT_ROLES = ["user", "system", "developer", "assistant"] as const;

/** A message item of `input`; `type` may be omitted (the reference's EasyInputMessage). */
export const InputMessageItemSchema = z.looseObject({
  type: z.literal("message").optional(),
  role: z.enum(INPUT_ROLES),
  content: z.union([z.string(), z.array(InputContentPartSchema)]),
  id: z.string().optional(),
  status: z.string().optional(),
});
export type InputMessageItem = z.infer<typeof InputMessageItemSchema>;

/**
 * Other input items (function call outputs, reasoning items, ...) are accepted untouched; an item
 * without `type` must be a message.
 */
export const InputItemSchema = z.union([
  InputMessageItemSchema,
  z.looseObject({
    type: z.string().refine((value) => value !== "message", {
      message: "is a message item and must match its schema",
      params: { [FALLBACK_BRANCH_PARAM]: true },
      abort: true,
    }),
  }),
]);
export type InputItem = z.infer<typeof InputItemSchema>;

export const ResponsesInputSchema = z.union([z.string(), z.array(InputItemSchema)]);

const ISO_DATE = () => z.iso.date();

export { X_HANDLES_MAX };

/** Top-level filter for the xAI models' X search; the two handle lists are mutually exclusive. */
export const XSearchFilterSchema = z
  .looseObject({
    allowed_x_handles: z.array(z.string()).max(X_HANDLES_MAX).optional(),
    excluded_x_handles: z.array(z.string()).max(X_HANDLES_MAX).optional(),
    from_date: ISO_DATE().optional(),
    to_date: ISO_DATE().optional(),
    enable_image_understanding: z.boolean().optional(),
    enable_video_understanding: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (Array.isArray(value.allowed_x_handles) && Array.isArray(value.excluded_x_handles)) {
      ctx.addIssue({
        code: "custom",
        path: ["excluded_x_handles"],
        message: "cannot be combined with allowed_x_handles; give only one of the two",
      });
    }
    checkInOrder(ctx, "string", value.from_date, value.to_date, { path: "to_date", message: "must not be before from_date" });
  }, EVEN_WITH_OTHER_ISSUES);
export type XSearchFilter = z.infer<typeof XSearchFilterSchema>;

/** Responses-style function tool: name and parameters sit on the tool itself. */
export const ResponsesFunctionToolSchema = z.looseObject({
  type: z.literal("function"),
  name: ChatFunctionToolSchema.shape.function.shape.name,
  description: z.string().nullable().optional(),
  parameters: z.record(z.string(), z.unknown()).nullable().optional(),
  strict: z.boolean().nullable().optional(),
});

/**
 * Tools: function tools, the openrouter:web_search server tool (which replaces the web plugin)
 * and the other OpenRouter server tools are validated; other tool kinds of the real gateway
 * (mcp, code_interpreter, ...) pass through.
 */
export const ResponsesToolSchema = tolerantByType(
  z.discriminatedUnion("type", [ResponsesFunctionToolSchema, ServerToolSchema]),
  KNOWN_TOOL_TYPES,
);
export type ResponsesTool = z.infer<typeof ResponsesToolSchema>;

export { WebSearchServerToolSchema };

export const ResponsesRequestSchema = z
  .looseObject({
    model: z.string().min(1).optional(),
    models: z.array(z.string()).optional(),
    preset: SlugSchema.optional(),
    input: ResponsesInputSchema,
    instructions: z.string().nullable().optional(),
    plugins: z.array(PluginSchema).optional(),
    tools: z.array(ResponsesToolSchema).optional(),
    tool_choice: z.unknown().optional(),
    max_output_tokens: z.number().int().min(1).nullable().optional(),
    stream: z.boolean().optional(),
    temperature: z.number().min(0).max(2).nullable().optional(),
    top_p: z.number().min(0).max(1).nullable().optional(),
    presence_penalty: z.number().min(-2).max(2).nullable().optional(),
    frequency_penalty: z.number().min(-2).max(2).nullable().optional(),
    // Declared so they are refused by name below, never silently ignored.
    store: z.boolean().nullable().optional(),
    previous_response_id: z.string().nullable().optional(),
    reasoning: ReasoningSchema.nullable().optional(),
    provider: ProviderPreferencesSchema.nullable().optional(),
    cache_control: CacheControlSchema.optional(),
    session_id: z.string().max(256).optional(),
    user: z.string().max(256).optional(),
    x_search_filter: XSearchFilterSchema.nullable().optional(),
  })
  .superRefine((request, ctx) => {
    // The reference marks model optional because the real gateway can fall back to a preset or
    // an account default; we need something to route to, so ask for model unless a preset is named.
    const hasModel = request.model !== undefined && request.model !== null;
    const hasPreset = request.preset !== undefined && request.preset !== null;
    const hasModels = Array.isArray(request.models) && request.models.length > 0;
    if (!hasModel && !hasPreset && !hasModels) {
      ctx.addIssue({ code: "custom", path: ["model"], message: "is required unless preset or models is given" });
    }
    // The gateway keeps no responses: it refuses to store one or to continue from a stored one.
    if (request.store === true) {
      ctx.addIssue({ code: "custom", path: ["store"], message: "must be false or absent: responses are not stored" });
    }
    if (request.previous_response_id !== undefined && request.previous_response_id !== null) {
      ctx.addIssue({ code: "custom", path: ["previous_response_id"], message: "is not supported: responses are not stored, send the whole conversation as input" });
    }
  }, EVEN_WITH_OTHER_ISSUES);
export type ResponsesRequest = z.infer<typeof ResponsesRequestSchema>;
export type ResponsesRequestInput = z.input<typeof ResponsesRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Stream events (`data: <json>` lines, ended by `data: [DONE]`)

/** Sequence numbers and positions: whole numbers from 0. */
const whole = () => z.number().int().min(0);

const responseEvent = <T extends string>(type: T) =>
  z.looseObject({ type: z.literal(type), sequence_number: whole(), response: ResponseObjectSchema });

export const ResponseCreatedEventSchema = responseEvent("response.created");
export const ResponseInProgressEventSchema = responseEvent("response.in_progress");
export const ResponseCompletedEventSchema = responseEvent("response.completed");
export const ResponseFailedEventSchema = responseEvent("response.failed");
export const ResponseIncompleteEventSchema = responseEvent("response.incomplete");

/** An output item starting or ending: the item whole, as it stands then. */
const outputItemEvent = <T extends string>(type: T) =>
  z.looseObject({ type: z.literal(type), sequence_number: whole(), output_index: whole(), item: OutputItemSchema });

export const OutputItemAddedEventSchema = outputItemEvent("response.output_item.added");
export const OutputItemDoneEventSchema = outputItemEvent("response.output_item.done");

/** An event about one content part of an output item, located by the item's id and both indexes, with its own fields. */
const contentPartEvent = <T extends string, F extends z.ZodRawShape>(type: T, fields: F) =>
  z.looseObject({ type: z.literal(type), sequence_number: whole(), item_id: z.string(), output_index: whole(), content_index: whole(), ...fields });

export const ContentPartAddedEventSchema = contentPartEvent("response.content_part.added", { part: OutputContentPartSchema });
export const ContentPartDoneEventSchema = contentPartEvent("response.content_part.done", { part: OutputContentPartSchema });
export const OutputTextDeltaEventSchema = contentPartEvent("response.output_text.delta", { delta: z.string(), logprobs: z.array(z.unknown()).optional() });
export const OutputTextAnnotationAddedEventSchema = contentPartEvent("response.output_text.annotation.added", {
  annotation_index: whole(),
  annotation: AnnotationSchema,
});
export const OutputTextDoneEventSchema = contentPartEvent("response.output_text.done", { text: z.string(), logprobs: z.array(z.unknown()).optional() });

const webSearchCallEvent = <T extends string>(type: T) =>
  z.looseObject({ type: z.literal(type), sequence_number: whole(), item_id: z.string(), output_index: whole() });

export const WebSearchCallInProgressEventSchema = webSearchCallEvent("response.web_search_call.in_progress");
export const WebSearchCallSearchingEventSchema = webSearchCallEvent("response.web_search_call.searching");
export const WebSearchCallCompletedEventSchema = webSearchCallEvent("response.web_search_call.completed");

/** Reference ErrorEvent: code and param are required there but may be null; readers allow absence. */
export const ErrorEventSchema = z.looseObject({
  type: z.literal("error"),
  sequence_number: whole(),
  code: z.string().nullable().optional(),
  message: z.string(),
  param: z.string().nullable().optional(),
});

export const StreamEventSchema = z.discriminatedUnion("type", [
  ResponseCreatedEventSchema,
  ResponseInProgressEventSchema,
  OutputItemAddedEventSchema,
  ContentPartAddedEventSchema,
  OutputTextDeltaEventSchema,
  OutputTextAnnotationAddedEventSchema,
  OutputTextDoneEventSchema,
  ContentPartDoneEventSchema,
  OutputItemDoneEventSchema,
  WebSearchCallInProgressEventSchema,
  WebSearchCallSearchingEventSchema,
  WebSearchCallCompletedEventSchema,
  ResponseCompletedEventSchema,
  ResponseFailedEventSchema,
  ResponseIncompleteEventSchema,
  ErrorEventSchema,
]);
export type StreamEvent = z.infer<typeof StreamEventSchema>;
export type StreamEventType = StreamEvent["type"];
export type StreamEventOf<T extends StreamEventType> = Extract<StreamEvent, { type: T }>;

export const STREAM_EVENT_TYPES = StreamEventSchema.options.map(
  (option) => option.shape.type.value,
) as StreamEventType[];

/**
 * A stream reader that must not stop on event kinds we do not model (reasoning deltas,
 * function-call arguments, ...): known kinds are validated, others pass as {type, ...}.
 */
export const AnyStreamEventSchema = tolerantByType(StreamEventSchema, STREAM_EVENT_TYPES);
export type AnyStreamEvent = z.infer<typeof AnyStreamEventSchema>;

export function isKnownStreamEvent(event: AnyStreamEvent): event is StreamEvent {
  return (STREAM_EVENT_TYPES as string[]).includes(event.type);
}

/**
 * Order of first appearance of each event type for a response with one message item, as the real
 * gateway emits it. output_text.delta and output_text.annotation.added repeat (an annotation
 * follows the delta that completes the cited span); a web_search_call item, when present, comes
 * first as its own item (WEB_SEARCH_CALL_EVENT_ORDER). The stream then ends with `data: [DONE]`.
 */
export const STREAM_EVENT_ORDER = [
  "response.created",
  "response.in_progress",
  "response.output_item.added",
  "response.content_part.added",
  "response.output_text.delta",
  "response.output_text.annotation.added",
  "response.output_text.done",
  "response.content_part.done",
  "response.output_item.done",
  "response.completed",
] as const satisfies readonly StreamEventType[];

export const WEB_SEARCH_CALL_EVENT_ORDER = [
  "response.output_item.added",
  "response.web_search_call.in_progress",
  "response.web_search_call.searching",
  "response.web_search_call.completed",
  "response.output_item.done",
] as const satisfies readonly StreamEventType[];

/** Events after which no other event follows (only the [DONE] line). */
export const TERMINAL_STREAM_EVENT_TYPES = [
  "response.completed",
  "response.failed",
  "response.incomplete",
  "error",
] as const satisfies readonly StreamEventType[];

export const STREAM_DONE_SENTINEL = "[DONE]";
