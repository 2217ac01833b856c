import { randomBytes } from "node:crypto";
import type { SearchHit, WebSearchIndex } from "../search/web-search";
import { OFF_TOPIC_SOURCE, plantCitationFaults, type CitationFaultRates } from "./citation-faults";
import { composeAnswer, type Citation } from "./compose";
import { responseCost } from "./cost";
import { judgeReply } from "./judge";
import { answerVariation } from "./variation";
import { EMBEDDED_CONTEXT_LENGTH } from "./models";
import type { ResponsePlan } from "./plan";
import { codePointLength, countTokens, tokenize } from "./tokens";

/** Simulated time the embedded search engine takes between "searching" and "completed". */
const SEARCH_LATENCY_MS = 60;

export class AbortedError extends Error {
  constructor() {
    super("aborted");
  }
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new AbortedError());
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export type ResponseEvent = Record<string, unknown> & { type: string; sequence_number: number };

/**
 * Produces the response as the real gateway streams it, paced by the model's first-token delay
 * and token rate. The JSON (non-streaming) path runs the same generator and keeps only the final
 * Response, so both paths take the same time and give the same answer. Stops with AbortedError
 * as soon as `signal` fires: nothing is generated for a client that has gone.
 */
export async function* generateResponse(
  plan: ResponsePlan,
  search: () => WebSearchIndex,
  signal: AbortSignal,
  timeScale = 1,
  citationFaults: CitationFaultRates | null = null,
): AsyncGenerator<ResponseEvent> {
  const createdAt = Math.floor(Date.now() / 1000);
  const responseId = id("resp");
  const output: Record<string, unknown>[] = [];
  let sequence = 0;
  const event = (type: string, body: Record<string, unknown>): ResponseEvent => ({ type, sequence_number: sequence++, ...body });
  const snapshot = (status: string, extra: Record<string, unknown> = {}) => ({
    id: responseId,
    object: "response",
    created_at: createdAt,
    model: plan.requestedModel,
    status,
    // Required by the OpenAPI's Response (null until the response ends).
    completed_at: null,
    output: structuredClone(output),
    error: null,
    incomplete_details: null,
    instructions: plan.request.instructions ?? null,
    max_output_tokens: plan.maxOutputTokens,
    metadata: null,
    parallel_tool_calls: true,
    temperature: plan.request.temperature ?? null,
    top_p: plan.request.top_p ?? null,
    presence_penalty: plan.request.presence_penalty ?? null,
    frequency_penalty: plan.request.frequency_penalty ?? null,
    tool_choice: "auto",
    // The Response's tool list is OpenAI-shaped: OpenRouter's own server tools (openrouter:*) have no
    // place in it and are not echoed; their work shows as output items instead.
    tools: (plan.request.tools ?? []).filter((tool) => !tool.type.startsWith("openrouter:")),
    usage: null,
    ...extra,
  });

  yield event("response.created", { response: snapshot("in_progress") });
  yield event("response.in_progress", { response: snapshot("in_progress") });

  let hits: SearchHit[] | null = null;
  let searchTokens = 0;
  let answer: { text: string; annotations: Citation[] } | null = null;
  /** The answer, composed once the search results are known; planted faults applied (citation-faults.ts). */
  const compose = () => {
    if (plan.model.style === "judge") return { answer: { text: judgeReply(plan.query), annotations: [] as Citation[] }, offTopicCited: false };
    const composed = composeAnswer({ model: plan.model, query: plan.query, hits, variation: answerVariation(plan.variation) });
    if (!citationFaults) return { answer: composed, offTopicCited: false };
    const planted = plantCitationFaults(citationFaults, plan.query, composed.annotations);
    return { answer: { text: composed.text, annotations: planted.citations }, offTopicCited: planted.offTopicCited };
  };
  if (plan.webSearch) {
    // The web plugin and `:online` report a web_search_call item with its progress events; the
    // openrouter:web_search server tool reports its own item type, with no events of its own.
    const progress = plan.searchItem === "web_search_call";
    const searchId = id("ws");
    const outputIndex = output.length;
    const item: Record<string, unknown> = { type: plan.searchItem, id: searchId, status: "in_progress", action: { type: "search", query: plan.searchQuery } };
    output.push(item);
    yield event("response.output_item.added", { output_index: outputIndex, item: structuredClone(item) });
    if (progress) {
      yield event("response.web_search_call.in_progress", { output_index: outputIndex, item_id: searchId });
      item.status = "searching";
      yield event("response.web_search_call.searching", { output_index: outputIndex, item_id: searchId });
    }
    await sleep(SEARCH_LATENCY_MS * timeScale, signal);
    hits = plan.searchQuery ? search().search(plan.searchQuery, plan.webSearch) : [];
    searchTokens = hits.reduce((sum, hit) => sum + countTokens(hit.text), 0);
    item.status = "completed";
    const composed = compose();
    answer = composed.answer;
    const sources = hits.map((hit) => ({ type: "url", url: hit.url, title: hit.title }));
    // A planted off-topic citation points at a page the search did return (off topic, not invented).
    if (composed.offTopicCited) sources.push({ type: "url", url: OFF_TOPIC_SOURCE.url, title: OFF_TOPIC_SOURCE.title });
    item.action = { type: "search", query: plan.searchQuery, sources };
    if (progress) yield event("response.web_search_call.completed", { output_index: outputIndex, item_id: searchId });
    yield event("response.output_item.done", { output_index: outputIndex, item: structuredClone(item) });
  }

  answer ??= compose().answer;
  // Tokenizing stops one past the limit: enough to know the answer was cut, however long its text.
  const limit = Math.min(plan.maxOutputTokens ?? EMBEDDED_CONTEXT_LENGTH, EMBEDDED_CONTEXT_LENGTH);
  let tokens = tokenize(answer.text, limit + 1);
  const truncated = tokens.length > limit;
  if (truncated) tokens = tokens.slice(0, limit);
  const text = tokens.join("");
  const textLength = codePointLength(text);
  // A citation whose sentence was cut off would point past the text; it is dropped with the sentence.
  const annotations: Citation[] = answer.annotations.filter((a) => a.end_index <= textLength);

  const messageId = id("msg");
  const messageIndex = output.length;
  const part = { type: "output_text", text: "", annotations: [] as Citation[] };
  const message = { type: "message", id: messageId, status: "in_progress", role: "assistant", content: [part] };
  output.push(message);
  const where = { item_id: messageId, output_index: messageIndex, content_index: 0 };
  yield event("response.output_item.added", { output_index: messageIndex, item: { ...structuredClone(message), content: [] } });
  yield event("response.content_part.added", { ...where, part: structuredClone(part) });

  await sleep(plan.model.first_token_delay_ms * timeScale, signal);
  const interval = (1000 / plan.model.tokens_per_second) * timeScale;
  const start = Date.now();
  let emitted = 0;
  let nextAnnotation = 0;
  for (let i = 0; i < tokens.length; i++) {
    // Scheduled against the start time, so timer jitter does not accumulate into a slower rate.
    await sleep(start + i * interval - Date.now(), signal);
    part.text += tokens[i];
    emitted += codePointLength(tokens[i]);
    yield event("response.output_text.delta", { ...where, delta: tokens[i], logprobs: [] });
    while (nextAnnotation < annotations.length && annotations[nextAnnotation].end_index <= emitted) {
      const annotation = annotations[nextAnnotation];
      part.annotations.push(annotation);
      yield event("response.output_text.annotation.added", { ...where, annotation_index: nextAnnotation, annotation });
      nextAnnotation++;
    }
  }

  const status = truncated ? "incomplete" : "completed";
  yield event("response.output_text.done", { ...where, text, logprobs: [] });
  yield event("response.content_part.done", { ...where, part: structuredClone(part) });
  message.status = status;
  yield event("response.output_item.done", { output_index: messageIndex, item: structuredClone(message) });
  const inputTokens = plan.inputTokens + searchTokens;
  const webSearches = plan.webSearch ? 1 : 0;
  const cost = responseCost(plan.model, { inputTokens, outputTokens: tokens.length, webSearches });
  const final = snapshot(status, {
    completed_at: Math.floor(Date.now() / 1000),
    incomplete_details: truncated ? { reason: "max_output_tokens" } : null,
    usage: {
      input_tokens: inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: tokens.length,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: inputTokens + tokens.length,
      // OpenRouter's additions to the usage object: the charge in USD and the server tools used.
      cost: cost.cost,
      is_byok: false,
      server_tool_use_details: { web_search_requests: webSearches },
    },
  });
  yield event(truncated ? "response.incomplete" : "response.completed", { response: final });
}
