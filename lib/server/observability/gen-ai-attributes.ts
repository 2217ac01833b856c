import type { Attributes } from "@opentelemetry/api";

/**
 * The OpenTelemetry GenAI semantic conventions (client inference span, retrieval span) for the gateway's two
 * model calls, POST /responses and POST /chat/completions (presets' too): what a request says, and what its
 * answer (a JSON body or the stream's events) reports. Pure: tested on its own.
 */

/** The gateway speaks OpenRouter's API; the conventions name no value for it, so its own name. */
export const GEN_AI_PROVIDER = "openrouter";

const MODEL_CALL = /^\/(?:responses|chat\/completions|presets\/[^/]+\/chat\/completions)$/;

/** Whether a gateway call is a model call (a span named and attributed as the GenAI conventions say). */
export function isModelCall(method: string, path: string): boolean {
  return method === "POST" && MODEL_CALL.test(path);
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const num = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** The request's attributes and the span's name, "{gen_ai.operation.name} {gen_ai.request.model}". */
export function requestAttributes(path: string, body: unknown, captureContent: boolean): { name: string; attributes: Attributes } {
  const request = isObject(body) ? body : {};
  // A preset call names its model by the preset ("@preset/slug"), when it names none itself.
  const preset = /^\/presets\/([^/]+)\//.exec(path)?.[1];
  const model = str(request.model) ?? (preset ? `@preset/${decodeURIComponent(preset)}` : undefined);
  const attributes: Attributes = {
    "gen_ai.operation.name": "chat",
    "gen_ai.provider.name": GEN_AI_PROVIDER,
    "gen_ai.output.type": "text",
  };
  if (model) attributes["gen_ai.request.model"] = model;
  const maxTokens = num(request.max_output_tokens) ?? num(request.max_completion_tokens) ?? num(request.max_tokens);
  if (maxTokens !== undefined) attributes["gen_ai.request.max_tokens"] = maxTokens;
  for (const [field, key] of [
    ["temperature", "gen_ai.request.temperature"],
    ["top_p", "gen_ai.request.top_p"],
    ["top_k", "gen_ai.request.top_k"],
    ["frequency_penalty", "gen_ai.request.frequency_penalty"],
    ["presence_penalty", "gen_ai.request.presence_penalty"],
    ["seed", "gen_ai.request.seed"],
  ] as const) {
    const value = num(request[field]);
    if (value !== undefined) attributes[key] = value;
  }
  if (typeof request.stream === "boolean") attributes["gen_ai.request.stream"] = request.stream;
  const stop = request.stop;
  if (typeof stop === "string") attributes["gen_ai.request.stop_sequences"] = [stop];
  else if (Array.isArray(stop) && stop.every((s) => typeof s === "string")) attributes["gen_ai.request.stop_sequences"] = stop as string[];
  const reasoning = isObject(request.reasoning) ? str(request.reasoning.effort) : undefined;
  if (reasoning) attributes["gen_ai.request.reasoning.level"] = reasoning;
  const previous = str(request.previous_response_id);
  if (previous) attributes["gen_ai.request.previous_response.id"] = previous;
  if (captureContent) {
    const input = request.input ?? request.messages;
    if (input !== undefined) attributes["gen_ai.input.messages"] = JSON.stringify(inputMessages(input));
    const instructions = str(request.instructions);
    if (instructions) attributes["gen_ai.system_instructions"] = JSON.stringify([{ type: "text", content: instructions }]);
  }
  return { name: model ? `chat ${model}` : "chat", attributes };
}

/** The conventions' message shape ({role, parts: [{type: "text", content}]}) from a Responses input or chat messages. */
function inputMessages(input: unknown): unknown[] {
  if (typeof input === "string") return [{ role: "user", parts: [{ type: "text", content: input }] }];
  if (!Array.isArray(input)) return [];
  return input.filter(isObject).map((message) => ({ role: str(message.role) ?? "user", parts: textParts(message.content) }));
}

function textParts(content: unknown): { type: "text"; content: string }[] {
  if (typeof content === "string") return [{ type: "text", content }];
  if (!Array.isArray(content)) return [];
  return content.filter(isObject).flatMap((part) => (typeof part.text === "string" ? [{ type: "text" as const, content: part.text }] : []));
}

/** A Responses status (or its incomplete reason) as the conventions' finish reason. */
function finishReasonOfResponse(response: Json): string | undefined {
  const status = str(response.status);
  if (status === "completed") return "stop";
  if (status === "failed") return "error";
  if (status === "incomplete") {
    const reason = isObject(response.incomplete_details) ? str(response.incomplete_details.reason) : undefined;
    return reason === "max_output_tokens" ? "length" : (reason ?? "incomplete");
  }
  return status;
}

/** What an answer reports: the response's id (the gateway's generation id), model, usage and finish reasons. */
export interface AnswerFacts {
  id?: string;
  model?: string;
  finishReasons: string[];
  inputTokens?: number;
  outputTokens?: number;
  cachedInputTokens?: number;
  cacheWriteInputTokens?: number;
  reasoningTokens?: number;
  outputText: string;
}

export function emptyFacts(): AnswerFacts {
  return { finishReasons: [], outputText: "" };
}

function readUsage(usage: unknown, facts: AnswerFacts): void {
  if (!isObject(usage)) return;
  facts.inputTokens = num(usage.input_tokens) ?? num(usage.prompt_tokens) ?? facts.inputTokens;
  facts.outputTokens = num(usage.output_tokens) ?? num(usage.completion_tokens) ?? facts.outputTokens;
  const inputDetails = isObject(usage.input_tokens_details) ? usage.input_tokens_details : isObject(usage.prompt_tokens_details) ? usage.prompt_tokens_details : {};
  const outputDetails = isObject(usage.output_tokens_details) ? usage.output_tokens_details : isObject(usage.completion_tokens_details) ? usage.completion_tokens_details : {};
  facts.cachedInputTokens = num(inputDetails.cached_tokens) ?? facts.cachedInputTokens;
  facts.cacheWriteInputTokens = num(inputDetails.cache_write_tokens) ?? facts.cacheWriteInputTokens;
  facts.reasoningTokens = num(outputDetails.reasoning_tokens) ?? facts.reasoningTokens;
}

/** Folds a Responses object (a JSON answer, or the response of a stream's created/completed event) into `facts`. */
export function readResponseObject(response: unknown, facts: AnswerFacts): void {
  if (!isObject(response)) return;
  facts.id = str(response.id) ?? facts.id;
  facts.model = str(response.model) ?? facts.model;
  readUsage(response.usage, facts);
  if (Array.isArray(response.choices)) return readChatChunk(response, facts);
  const reason = response.status === "in_progress" || response.status === "queued" ? undefined : finishReasonOfResponse(response);
  if (reason) facts.finishReasons = [reason];
  if (Array.isArray(response.output) && !facts.outputText) {
    for (const item of response.output.filter(isObject)) facts.outputText += textParts(item.content).map((part) => part.content).join("");
  }
}

/** Folds a chat completion (JSON) or one of its stream chunks into `facts`. */
export function readChatChunk(chunk: Json, facts: AnswerFacts): void {
  facts.id = str(chunk.id) ?? facts.id;
  facts.model = str(chunk.model) ?? facts.model;
  readUsage(chunk.usage, facts);
  if (!Array.isArray(chunk.choices)) return;
  const reasons: string[] = [];
  for (const choice of chunk.choices.filter(isObject)) {
    const reason = str(choice.finish_reason);
    if (reason) reasons.push(reason);
    const delta = isObject(choice.delta) ? choice.delta : isObject(choice.message) ? choice.message : undefined;
    if (delta && typeof delta.content === "string") facts.outputText += delta.content;
  }
  if (reasons.length > 0) facts.finishReasons = reasons;
}

/** The answer's attributes, as the conventions name them. */
export function answerAttributes(facts: AnswerFacts, captureContent: boolean): Attributes {
  const attributes: Attributes = {};
  if (facts.id) attributes["gen_ai.response.id"] = facts.id;
  if (facts.model) attributes["gen_ai.response.model"] = facts.model;
  if (facts.finishReasons.length > 0) attributes["gen_ai.response.finish_reasons"] = facts.finishReasons;
  if (facts.inputTokens !== undefined) attributes["gen_ai.usage.input_tokens"] = facts.inputTokens;
  if (facts.outputTokens !== undefined) attributes["gen_ai.usage.output_tokens"] = facts.outputTokens;
  if (facts.cachedInputTokens !== undefined) attributes["gen_ai.usage.cache_read.input_tokens"] = facts.cachedInputTokens;
  if (facts.cacheWriteInputTokens !== undefined) attributes["gen_ai.usage.cache_write.input_tokens"] = facts.cacheWriteInputTokens;
  if (facts.reasoningTokens !== undefined) attributes["gen_ai.usage.reasoning.output_tokens"] = facts.reasoningTokens;
  if (captureContent && facts.outputText) {
    attributes["gen_ai.output.messages"] = JSON.stringify([
      { role: "assistant", parts: [{ type: "text", content: facts.outputText }], finish_reason: facts.finishReasons[0] ?? "stop" },
    ]);
  }
  return attributes;
}
