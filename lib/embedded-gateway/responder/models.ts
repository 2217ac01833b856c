/** How an embedded model answers; the delays and rates are what a side-by-side comparison shows. */
export interface EmbeddedModel {
  id: string;
  name: string;
  description: string;
  first_token_delay_ms: number;
  tokens_per_second: number;
  style: "echo" | "extractive";
  /** Most source sentences an extractive answer quotes. */
  max_sentences: number;
  created: number;
}

/**
 * The context length GET /models gives every embedded model, and the most tokens an answer has: an
 * echo of a longer input (or a max_output_tokens above it) ends "incomplete" there, so the answer a
 * request makes is bounded whatever it sends.
 */
export const EMBEDDED_CONTEXT_LENGTH = 32_768;

export const EMBEDDED_MODELS: readonly EmbeddedModel[] = [
  {
    id: "gatehouse/echo",
    name: "Gatehouse Echo",
    description: "Repeats the last user message back. With web search on, it lists the first sentence of each result, cited. Near-instant; for wiring tests.",
    first_token_delay_ms: 20,
    tokens_per_second: 400,
    style: "echo",
    max_sentences: 25,
    created: 1767225600,
  },
  {
    id: "gatehouse/swift",
    name: "Gatehouse Swift",
    description: "Extractive answerer tuned for speed: a short answer of up to 3 cited sentences from the search results. Fast first token, fast stream.",
    first_token_delay_ms: 150,
    tokens_per_second: 90,
    style: "extractive",
    max_sentences: 3,
    created: 1767225600,
  },
  {
    id: "gatehouse/scholar",
    name: "Gatehouse Scholar",
    description: "Extractive answerer tuned for thoroughness: up to 6 cited sentences grouped by source. Slow to start, slow to stream.",
    first_token_delay_ms: 900,
    tokens_per_second: 30,
    style: "extractive",
    max_sentences: 6,
    created: 1767225600,
  },
];

export function findModel(id: string): { model: EmbeddedModel; online: boolean } | null {
  const online = id.endsWith(":online");
  const base = online ? id.slice(0, -":online".length) : id;
  const model = EMBEDDED_MODELS.find((m) => m.id === base);
  return model ? { model, online } : null;
}

/** One entry of GET /models, with every field the OpenAPI's Model requires; `strict` drops our extensions. */
export function modelToWire(model: EmbeddedModel, strict = false) {
  const wire = {
    id: model.id,
    canonical_slug: model.id,
    name: model.name,
    description: model.description,
    created: model.created,
    context_length: EMBEDDED_CONTEXT_LENGTH,
    architecture: { modality: "text->text", input_modalities: ["text"], output_modalities: ["text"], tokenizer: "Other" },
    pricing: { prompt: "0", completion: "0", request: "0", web_search: "0" },
    top_provider: { context_length: EMBEDDED_CONTEXT_LENGTH, max_completion_tokens: null, is_moderated: false },
    per_request_limits: null,
    supported_parameters: ["max_tokens", "temperature", "top_p", "tools", "tool_choice"],
    default_parameters: null,
    supported_voices: null,
    links: { details: `/api/v1/models/${model.id}/endpoints` },
  };
  // Our extension: how fast the simulated model answers (the real catalog has no such fields).
  return strict ? wire : { ...wire, first_token_delay_ms: model.first_token_delay_ms, tokens_per_second: model.tokens_per_second };
}
