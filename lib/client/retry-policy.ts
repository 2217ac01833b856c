import { ApiError } from "./api-client";

/**
 * How a failed BFF read is tried again, the default of every query (`makeQueryClient`). What may pass on another
 * try is: no answer at all (status 0, ApiError's convention for a network failure), the server's trouble (5xx),
 * and a rate limit (429), after the wait its Retry-After asks. A refusal (any other 4xx: 401, 403, 404, 409...)
 * is an answer and final, and so is what is not an ApiError (an answer that does not match the contract, a bug):
 * asking again does not change it.
 *
 * TanStack Query calls `retry` and `retryDelay` with the number of failures before this one (0 after the first).
 */
export interface RetryLimits {
  /** Retries after a network failure or a 5xx. */
  failed: number;
  /** Retries after a 429. */
  rateLimited: number;
}

export const DEFAULT_RETRY_LIMITS: RetryLimits = { failed: 2, rateLimited: 3 };

/** The longest wait between two tries, whatever Retry-After says. */
export const MAX_RETRY_DELAY_MS = 60_000;
/** The shortest wait after a 429, so a `Retry-After: 0` does not become a tight loop. */
const MIN_RATE_LIMIT_DELAY_MS = 250;

export function isRateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429;
}

/** Whether a query whose attempt failed with `error`, after `failures` earlier failures, tries again. */
export function shouldRetry(failures: number, error: unknown, limits: RetryLimits = DEFAULT_RETRY_LIMITS): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 429) return failures < limits.rateLimited;
  if (error.status === 0 || error.status >= 500) return failures < limits.failed;
  return false;
}

/**
 * The wait before the next try: what Retry-After asks after a 429, else 1 s, 2 s, 4 s... Deterministic (no
 * jitter) so a page can count down the wait that really happens; one tab is one client, and Retry-After already
 * spreads clients apart.
 */
export function retryDelayMs(failures: number, error: unknown): number {
  if (isRateLimited(error) && error.retryAfterSeconds !== null) {
    return Math.min(MAX_RETRY_DELAY_MS, Math.max(MIN_RATE_LIMIT_DELAY_MS, Math.ceil(error.retryAfterSeconds * 1000)));
  }
  return Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** Math.max(0, failures));
}

/** `retry` and `retryDelay` for a query's options, with other limits than the default (say why beside the use). */
export function retryPolicy(limits: RetryLimits = DEFAULT_RETRY_LIMITS) {
  return {
    retry: (failures: number, error: Error) => shouldRetry(failures, error, limits),
    retryDelay: (failures: number, error: Error) => retryDelayMs(failures, error),
  };
}
