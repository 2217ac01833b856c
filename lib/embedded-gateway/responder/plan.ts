import { DEFAULTS, WEB_SEARCH_SHORTHAND_TYPES, WEB_SEARCH_TOOL_TYPE, type ResponsesRequest } from "@/lib/contract/gateway";
import { searchQueryOf } from "../search/search-query";
import type { SearchFilters } from "../search/web-search";
import { findModel, type EmbeddedModel } from "./models";
import { countTokens } from "./tokens";
import type { ContextSize, VariationSettings } from "./variation";

export interface ResponsePlan {
  requestedModel: string;
  model: EmbeddedModel;
  /** The last user message: the echo model repeats it and the search looks it up. */
  query: string;
  /** What the web search looks up: the query's bounded beginning (search/search-query.ts). */
  searchQuery: string;
  inputTokens: number;
  webSearch: SearchFilters | null;
  /**
   * How the search shows in the output: the openrouter:web_search server tool (or its OpenAI-style
   * shorthand) reports an `openrouter:web_search` item; the web plugin and `:online` a `web_search_call`.
   */
  searchItem: "openrouter:web_search" | "web_search_call";
  maxOutputTokens: number | null;
  /** What shapes the answer besides the question and the search (responder/variation.ts). */
  variation: VariationSettings;
  request: ResponsesRequest;
}

/** A request field the gateway reads beyond the contract's schema, given a value it cannot use. */
export class PlanFieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export class UnknownModelError extends Error {
  constructor(readonly model: string) {
    super(`model ${JSON.stringify(model)} is not available on the embedded gateway; GET /models lists the models it serves`);
  }
}

function partText(part: unknown): string {
  if (part && typeof part === "object" && "text" in part && typeof (part as { text: unknown }).text === "string") {
    return (part as { text: string }).text;
  }
  return "";
}

function messages(input: ResponsesRequest["input"]): { role: string; text: string }[] {
  if (typeof input === "string") return [{ role: "user", text: input }];
  const out: { role: string; text: string }[] = [];
  for (const item of input) {
    if (!("role" in item) || (item.type !== undefined && item.type !== "message")) continue;
    const content = (item as { content: unknown }).content;
    const text = typeof content === "string" ? content : Array.isArray(content) ? content.map(partText).filter(Boolean).join("\n") : "";
    out.push({ role: String((item as { role: unknown }).role), text });
  }
  return out;
}

type Loose = Record<string, unknown>;
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
const num = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined);
const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/**
 * Web search is on with an enabled web plugin, the openrouter:web_search server tool (or its
 * OpenAI-style shorthand), or a model id ending in :online. The plugin names its domain lists
 * include_domains / exclude_domains, the tool allowed_domains / excluded_domains.
 */
function webSearchFilters(request: ResponsesRequest, online: boolean): SearchFilters | null {
  const plugin = (request.plugins ?? []).find((p) => p.id === "web" && (p as Loose).enabled !== false) as Loose | undefined;
  if (plugin) {
    return {
      engine: str(plugin.engine),
      maxResults: num(plugin.max_results) ?? DEFAULTS.webMaxResults,
      includeDomains: strings(plugin.include_domains),
      excludeDomains: strings(plugin.exclude_domains),
    };
  }
  const tool = (request.tools ?? []).find(
    (t) => t.type === WEB_SEARCH_TOOL_TYPE || (WEB_SEARCH_SHORTHAND_TYPES as readonly string[]).includes(t.type),
  ) as Loose | undefined;
  if (tool) {
    const params: Loose = { ...tool, ...((tool.parameters as Loose | undefined) ?? {}) };
    return {
      engine: str(params.engine),
      maxResults: num(params.max_results) ?? DEFAULTS.webMaxResults,
      includeDomains: strings(params.allowed_domains),
      excludeDomains: strings(params.excluded_domains),
    };
  }
  return online ? { maxResults: DEFAULTS.webMaxResults, includeDomains: [], excludeDomains: [] } : null;
}

/** The web search tool's parameters (or the plugin's), where search_context_size and max_characters live. */
function webSearchParams(request: ResponsesRequest): Loose {
  const plugin = (request.plugins ?? []).find((p) => p.id === "web" && (p as Loose).enabled !== false) as Loose | undefined;
  if (plugin) return plugin;
  const tool = (request.tools ?? []).find(
    (t) => t.type === WEB_SEARCH_TOOL_TYPE || (WEB_SEARCH_SHORTHAND_TYPES as readonly string[]).includes(t.type),
  ) as Loose | undefined;
  return tool ? { ...tool, ...((tool.parameters as Loose | undefined) ?? {}) } : {};
}

/**
 * `seed` is not in the Responses contract; the embedded gateway reads it (an integer, or null for
 * none) as the draw for repeats of one request (responder/variation.ts).
 */
function seedOf(request: ResponsesRequest): number | null {
  const seed = (request as Loose).seed;
  if (seed === undefined || seed === null) return null;
  if (typeof seed !== "number" || !Number.isSafeInteger(seed)) throw new PlanFieldError("seed", "must be an integer (or null): it picks a reproducible variation of the answer");
  return seed;
}

function variationSettings(request: ResponsesRequest, modelId: string): VariationSettings {
  const params = webSearchParams(request);
  const size = params.search_context_size;
  return {
    modelId,
    instructions: request.instructions ?? null,
    temperature: request.temperature ?? null,
    topP: request.top_p ?? null,
    seed: seedOf(request),
    contextSize: size === "low" || size === "high" ? (size as ContextSize) : "medium",
    maxCharacters: num(params.max_characters) ?? null,
  };
}

function searchItemType(request: ResponsesRequest): ResponsePlan["searchItem"] {
  if ((request.plugins ?? []).some((p) => p.id === "web" && (p as Loose).enabled !== false)) return "web_search_call";
  const tool = (request.tools ?? []).some((t) => t.type === WEB_SEARCH_TOOL_TYPE || (WEB_SEARCH_SHORTHAND_TYPES as readonly string[]).includes(t.type));
  return tool ? "openrouter:web_search" : "web_search_call";
}

export function planResponse(request: ResponsesRequest): ResponsePlan {
  const requestedModel = request.model ?? request.models?.[0] ?? "";
  const found = findModel(requestedModel);
  if (!found) throw new UnknownModelError(requestedModel);
  const all = messages(request.input);
  const lastUser = [...all].reverse().find((m) => m.role === "user");
  const query = (lastUser?.text ?? "").trim();
  const inputText = [request.instructions ?? "", ...all.map((m) => m.text)].join("\n");
  return {
    requestedModel,
    model: found.model,
    query,
    searchQuery: searchQueryOf(query),
    inputTokens: countTokens(inputText),
    // The judge grades the text it is given; it never searches, whatever the request turns on.
    webSearch: found.model.style === "judge" ? null : webSearchFilters(request, found.online),
    searchItem: searchItemType(request),
    maxOutputTokens: request.max_output_tokens ?? null,
    variation: variationSettings(request, found.model.id),
    request,
  };
}
