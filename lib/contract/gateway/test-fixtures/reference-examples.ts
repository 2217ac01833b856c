/*
 * The real gateway's own examples (from its published OpenAPI, the part scripts/vendor-openapi.ts
 * vendors) for the operations Gatehouse uses, grouped by the schema that must read them. They are read
 * from the vendored spec rather than copied, so re-vendoring updates them and a test failure means our
 * reader disagrees with the real gateway's samples.
 */
import spec from "@/lib/embedded-gateway/testing/openapi/openrouter-subset.json";

/** Where an example stands in the spec: the keys to follow from its root. */
type Place = readonly (string | number)[];

const schemaExamples = (...names: string[]): Place[] => names.map((name) => ["components", "schemas", name, "example"]);
const schemaPropertyExample = (name: string, property: string): Place => ["components", "schemas", name, "properties", property, "example"];
const requestExample = (method: string, route: string): Place => ["paths", route, method, "requestBody", "content", "application/json", "example"];
const responseExamples = (method: string, route: string, ...statuses: number[]): Place[] =>
  statuses.map((status) => ["paths", route, method, "responses", String(status), "content", "application/json", "example"]);

const PLACES = {
  chatRequest: [...schemaExamples("ChatRequest"), requestExample("post", "/presets/{slug}/chat/completions")],
  message: schemaExamples("ChatUserMessage", "ChatSystemMessage", "ChatDeveloperMessage", "ChatAssistantMessage", "ChatToolMessage"),
  contentPart: schemaExamples("ChatContentText", "ChatContentFile", "ChatContentImage", "ChatContentAudio", "Legacy_ChatContentVideo", "ChatContentVideo"),
  plugin: schemaExamples(
    "AutoRouterPlugin", "AutoBetaRouterPlugin", "ModerationPlugin", "WebSearchPlugin", "WebFetchPlugin",
    "FileParserPlugin", "ResponseHealingPlugin", "ContextCompressionPlugin", "ParetoRouterPlugin", "FusionPlugin",
  ),
  tool: [
    ...schemaExamples(
      "ChatFunctionTool", "AdvisorServerTool_OpenRouter", "BashServerTool", "DatetimeServerTool", "FilesServerTool",
      "FusionServerTool_OpenRouter", "ImageGenerationServerTool_OpenRouter", "SearchModelsServerTool_OpenRouter",
      "SubagentServerTool_OpenRouter", "WebFetchServerTool", "WebSearchServerTool_OpenRouter", "Preview_WebSearchServerTool",
    ),
    [...schemaPropertyExample("ChatRequest", "tools"), 0],
  ],
  toolChoice: schemaExamples("ChatToolChoice", "ChatNamedToolChoice", "ChatServerToolChoice"),
  responseFormat: schemaExamples(
    "ChatFormatTextConfig", "ChatFormatJsonObjectConfig", "ChatFormatJsonSchemaConfig", "ChatFormatGrammarConfig", "ChatFormatPythonConfig",
  ),
  prediction: schemaExamples("Prediction"),
  promptCacheOptions: schemaExamples("PromptCacheOptions"),
  cacheControl: schemaExamples("AnthropicCacheControlDirective", "ChatContentCacheControl"),
  providerPreferences: schemaExamples("ProviderPreferences"),
  stopCondition: schemaExamples(
    "StopServerToolsWhenStepCountIs", "StopServerToolsWhenMaxCost", "StopServerToolsWhenFinishReasonIs",
    "StopServerToolsWhenHasToolCall", "StopServerToolsWhenMaxTokensUsed",
  ),
  reasoning: [schemaPropertyExample("ChatRequest", "reasoning")],
  metadata: [schemaPropertyExample("ChatRequest", "metadata")],
  presetEnvelope: [...responseExamples("get", "/presets/{slug}", 200), ...responseExamples("post", "/presets/{slug}/chat/completions", 200)],
  preset: schemaExamples("Preset"),
  presetVersion: schemaExamples("PresetDesignatedVersion"),
  presetWithDesignatedVersion: schemaExamples("PresetWithDesignatedVersion"),
  presetList: responseExamples("get", "/presets", 200),
  presetVersionList: responseExamples("get", "/presets/{slug}/versions", 200),
  presetVersionEnvelope: responseExamples("get", "/presets/{slug}/versions/{version}", 200),
  fileList: [...schemaExamples("FileListResponse"), ...responseExamples("get", "/files", 200)],
  file: [...schemaExamples("FileResponse", "AnthropicFile"), ...responseExamples("post", "/files", 200)],
  fileDelete: [...schemaExamples("FileDeleteResponse"), ...responseExamples("delete", "/files/{file_id}", 200)],
  videoModelList: responseExamples("get", "/videos/models", 200),
  videoModel: schemaExamples("VideoModel"),
  errorBody: [
    ...responseExamples("get", "/files", 400, 401, 403, 429, 500, 502, 503),
    ...responseExamples("get", "/files/{file_id}", 404),
    ...responseExamples("post", "/presets/{slug}/chat/completions", 409),
    ...responseExamples("post", "/responses", 402, 408, 413, 422, 524, 529),
    ["paths", "/responses", "post", "responses", "403", "content", "application/json", "examples", "guardrail-blocked", "value"],
  ],
  responsesRequest: [...schemaExamples("ResponsesRequest"), requestExample("post", "/responses")],
  responseObject: [...schemaExamples("OpenResponsesResult", "BaseResponsesResult"), ...responseExamples("post", "/responses", 200)],
  streamEvent: schemaExamples(
    "OpenResponsesCreatedEvent", "OpenResponsesInProgressEvent", "StreamEventsResponseOutputItemAdded", "ContentPartAddedEvent",
    "TextDeltaEvent", "AnnotationAddedEvent", "TextDoneEvent", "ContentPartDoneEvent", "StreamEventsResponseOutputItemDone",
    "WebSearchCallInProgressEvent", "WebSearchCallSearchingEvent", "WebSearchCallCompletedEvent", "StreamEventsResponseCompleted",
    "StreamEventsResponseFailed", "StreamEventsResponseIncomplete", "ErrorEvent",
  ),
  annotation: schemaExamples("URLCitation"),
  outputText: schemaExamples("ResponseOutputText"),
  outputItem: schemaExamples("OutputMessage", "OutputMessageItem", "OutputItemWebSearchCall", "OutputWebSearchCallItem"),
  usage: schemaExamples("Usage", "OpenAIResponsesUsage"),
} satisfies Record<string, Place[]>;

/** Follows a place into the spec; a place that is not there (the reference moved it) fails loudly. */
function exampleAt(place: Place): unknown {
  let node: unknown = spec;
  for (const key of place) {
    node = node !== null && typeof node === "object" ? (node as Record<string | number, unknown>)[key] : undefined;
    if (node === undefined) throw new Error(`the vendored OpenAPI has no example at ${place.join(" › ")}`);
  }
  return node;
}

function examplesAt<Group extends string>(places: Record<Group, Place[]>): Record<Group, readonly unknown[]> {
  const examples = {} as Record<Group, readonly unknown[]>;
  for (const group of Object.keys(places) as Group[]) examples[group] = places[group].map(exampleAt);
  return examples;
}

export const REFERENCE_EXAMPLES = examplesAt(PLACES);
