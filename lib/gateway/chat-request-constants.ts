/**
 * Values of the chat request contract (./chat-request) that the preset editor's first screen shows, in a module
 * without zod, like ./constants: importing them from `@/lib/gateway` would bring zod and every schema into the
 * page's first-load JavaScript. Apart from ./constants so the pages that only need those do not carry these.
 * ./chat-request re-exports them, so `@/lib/gateway` still offers everything.
 */

// Limits (contract section 8), which the preset editor's fields show; ./chat-request enforces them.
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
