/** How an embedded model answers; the delays and rates are what a side-by-side comparison shows. */
export interface EmbeddedModel {
  id: string;
  name: string;
  description: string;
  first_token_delay_ms: number;
  tokens_per_second: number;
  /** echo: repeats the input; extractive: quotes search results; judge: scores a rubric or a claim (responder/judge.ts). */
  style: "echo" | "extractive" | "judge";
  /** Most source sentences an extractive answer quotes. */
  max_sentences: number;
  created: number;
  /**
   * USD per token (prompt, completion) and per web search, as GET /models publishes them and as
   * usage.cost charges them (responder/cost.ts). Demo prices: small, but not zero, so that cost
   * estimates, spending caps and cost checks have something to add up offline.
   */
  pricing: { prompt: number; completion: number; web_search: number };
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
    // Free: the wiring-test model costs nothing, whatever a test sends.
    pricing: { prompt: 0, completion: 0, web_search: 0 },
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
    pricing: { prompt: 0.0000002, completion: 0.0000008, web_search: 0.004 },
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
    pricing: { prompt: 0.000001, completion: 0.000004, web_search: 0.004 },
  },
  {
    id: "gatehouse/judge",
    name: "Gatehouse Judge",
    description:
      "Demo judge: grades deterministically by word overlap (not a language model), for evaluation checks: an <answer> with a <rubric> or <expected> (and the <question>) gets {\"score\", \"reasoning\"} from the expected answer's and the question's words, a <claim> with its <sentence> and <source> gets {\"supported\", \"relevant\", \"score\", \"reasoning\"}. Never searches the web.",
    first_token_delay_ms: 40,
    tokens_per_second: 600,
    style: "judge",
    max_sentences: 0,
    created: 1767225600,
    pricing: { prompt: 0.00000005, completion: 0.0000002, web_search: 0 },
  },
];

export function findModel(id: string): { model: EmbeddedModel; online: boolean } | null {
  const online = id.endsWith(":online");
  const base = online ? id.slice(0, -":online".length) : id;
  const model = EMBEDDED_MODELS.find((m) => m.id === base);
  return model ? { model, online } : null;
}

/** A price as the catalog writes it: a decimal string without exponent ("0.0000002", not "2e-7"). */
function usd(value: number): string {
  return value === 0 ? "0" : value.toFixed(12).replace(/0+$/, "").replace(/\.$/, "");
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
    pricing: { prompt: usd(model.pricing.prompt), completion: usd(model.pricing.completion), request: "0", web_search: usd(model.pricing.web_search) },
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
