/**
 * The request's bounds and choices that a form shows before any check runs (the playground's request editor, the
 * preset editor's first sections), without zod, like ./constants, and apart from it, so that a page needing only the paging limits (the presets
 * list) does not carry these. The schema modules re-export them, so `@/lib/gateway` still offers everything.
 */

/** Limits (contract section 8). */
export const LIMITS = {
  stopSequences: 4,
  metadataPairs: 16,
  metadataKeyLength: 64,
  metadataValueLength: 512,
  sessionIdLength: 256,
  functionNameLength: 64,
  topLogprobsMax: 20,
  costQualityTradeoffMax: 10,
  fusionAnalysisModelsMax: 8,
  fusionMaxToolCallsMax: 16,
  fusionToolsMax: 8,
  webMaxResults: 25,
  webMaxResultsPerplexity: 20,
  /** Our bound, not the contract's: a domain filter list (include / exclude / allowed / blocked domains). */
  domainListEntries: 100,
  /** Our bound: one entry, a DNS name (at most 253 characters) plus room for a path prefix. */
  domainEntryLength: 512,
} as const;

/** Reasoning efforts, the preset editor's choices; ./chat-request's ReasoningEffortSchema. */
export const REASONING_EFFORTS = ["max", "xhigh", "high", "medium", "low", "minimal", "none"] as const;

/** Engines of the web plugin (reference WebSearchEngine). */
export const WEB_SEARCH_ENGINES = ["native", "exa", "firecrawl", "parallel", "perplexity"] as const;

/** Engines of the openrouter:web_search server tool: the plugin's plus "auto" (the default). */
export const WEB_SEARCH_TOOL_ENGINES = [...WEB_SEARCH_ENGINES, "auto"] as const;

/** The engine family with the lower max_results cap (contract 4.5, reference WebSearchConfig). */
export const PERPLEXITY_ENGINE = "perplexity";

export const WEB_SEARCH_TOOL_TYPE = "openrouter:web_search";

/** Most handles in each list of the X search filter. */
export const X_HANDLES_MAX = 20;
