import "server-only";
import type { UpstreamRequest } from "../upstream/upstream";

/**
 * How long a server page's prefetch waits for the gateway. Best effort: past it (or on any failure) the page
 * leaves the query to the browser, which fetches it and reports any error with a retry. Each call of a service
 * gets a fresh budget, as each of the browser's own requests would.
 */
const PAGE_BUDGET_MS = 1500;

export function pageBudget(): Pick<UpstreamRequest, "signal" | "timeoutMs"> {
  return { signal: AbortSignal.timeout(PAGE_BUDGET_MS), timeoutMs: PAGE_BUDGET_MS };
}
