/**
 * The upper bound of what one POST /responses can cost, from the real request and the model's prices (GET
 * /models): what a call reserves on the ledger before it is made. Each term over-counts rather than guesses:
 *
 * - input tokens: the UTF-8 bytes of the instructions and input as JSON (a tokenizer makes at most one token a
 *   byte; JSON escaping only adds bytes) plus a fixed allowance for the chat template, plus each web search
 *   result's text at SEARCH_RESULT_TOKENS_MAX;
 * - output tokens: the request's `max_output_tokens`, else the caller's ceiling (an evaluation sets one on every
 *   call it makes; the playground uses the model's context length);
 * - web search: `max_results` results (5 when unset) at the model's per-search price each (OpenRouter's web plugin
 *   bills per result), and the per-request price.
 *
 * Never below MIN_CALL_RESERVE_USD, so a free model's calls still count against a cap and a budget.
 */

/** USD per token (prompt, completion), per request and per web search (result): the catalog's pricing as numbers. */
export interface CallPricing {
  prompt: number;
  completion: number;
  request: number;
  web_search: number;
}

/** The least a call reserves, even on a free model. */
export const MIN_CALL_RESERVE_USD = 0.0001;
/** Tokens of the chat template around the instructions and input. */
const TEMPLATE_TOKENS = 64;
/** Tokens one web search result adds to the prompt at most (the gateway's excerpt of a page). */
const SEARCH_RESULT_TOKENS_MAX = 4_000;
/** Results a web search returns when the request does not say (OpenRouter's default). */
const DEFAULT_SEARCH_RESULTS = 5;
/** The most results one search can be asked for (OpenRouter's bound on max_results). */
const SEARCH_RESULTS_MAX = 25;

export interface CallBound {
  usd: number;
  inputTokens: number;
  outputTokens: number;
  searchResults: number;
}

type Loose = Record<string, unknown>;

/** Results the request's web search may return: 0 without search. Plugin, server tool, shorthand tool or ":online". */
export function searchResultsOf(request: Loose): number {
  const results = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.min(Math.ceil(value), SEARCH_RESULTS_MAX) : DEFAULT_SEARCH_RESULTS);
  const plugins = Array.isArray(request.plugins) ? (request.plugins as Loose[]) : [];
  const plugin = plugins.find((one) => one?.id === "web" && one.enabled !== false);
  if (plugin) return results(plugin.max_results);
  const tools = Array.isArray(request.tools) ? (request.tools as Loose[]) : [];
  const tool = tools.find((one) => typeof one?.type === "string" && (one.type.startsWith("web_search") || one.type === "openrouter:web_search"));
  if (tool) return results((tool.parameters as Loose | undefined)?.max_results ?? tool.max_results);
  return typeof request.model === "string" && request.model.endsWith(":online") ? DEFAULT_SEARCH_RESULTS : 0;
}

export function callUpperBound(request: Loose, pricing: CallPricing, options: { maxOutputTokens: number }): CallBound {
  const searchResults = searchResultsOf(request);
  const text = JSON.stringify([request.instructions ?? null, request.input ?? null]);
  const inputTokens = Buffer.byteLength(text, "utf8") + TEMPLATE_TOKENS + searchResults * SEARCH_RESULT_TOKENS_MAX;
  const asked = request.max_output_tokens;
  const outputTokens = typeof asked === "number" && Number.isFinite(asked) && asked > 0 ? Math.ceil(asked) : options.maxOutputTokens;
  const usd = inputTokens * pricing.prompt + outputTokens * pricing.completion + pricing.request + searchResults * pricing.web_search;
  return { usd: Math.max(MIN_CALL_RESERVE_USD, usd), inputTokens, outputTokens, searchResults };
}
