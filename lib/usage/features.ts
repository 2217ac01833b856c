/** What can spend on the ledger (lib/server/ledger's LedgerFeature), without zod: the page's filter lists them. */
export const USAGE_FEATURES = ["playground", "preset-try", "evaluation-item", "evaluation-judge", "video", "cli"] as const;
