/**
 * How the file list retries a failed page. The BFF already retries a 429 from the gateway a few times; one that
 * still reaches the browser means the gateway wants a longer pause, so we wait what it asks (Retry-After) and
 * keep trying for a good while: the user should not have to press anything to get past a rate limit. Other
 * server errors get two quick retries, then an inline error with a Retry button. Client errors and unreadable answers are final.
 */
interface RetryableError {
  status: number;
  retryAfterSeconds: number | null;
}

export const MAX_RATE_LIMIT_RETRIES = 12;
const MAX_SERVER_ERROR_RETRIES = 2;
const MAX_DELAY_MS = 60_000;

function asRetryable(error: unknown): RetryableError | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, retryAfterSeconds } = error as Partial<RetryableError>;
  return typeof status === "number" ? { status, retryAfterSeconds: typeof retryAfterSeconds === "number" ? retryAfterSeconds : null } : null;
}

export function isRateLimited(error: unknown): boolean {
  return asRetryable(error)?.status === 429;
}

/** TanStack Query's `retry`: failureCount is how many attempts already failed (1 after the first). */
export function shouldRetryPage(failureCount: number, error: unknown): boolean {
  const e = asRetryable(error);
  // Not an HTTP failure: the answer did not match the schema, and asking again will not change that.
  if (!e) return false;
  if (e.status === 429) return failureCount <= MAX_RATE_LIMIT_RETRIES;
  // 0 = network failure (ApiError's convention), 5xx = upstream trouble: both may pass.
  if (e.status === 0 || e.status >= 500) return failureCount <= MAX_SERVER_ERROR_RETRIES;
  return false;
}

/**
 * TanStack Query's `retryDelay`. Deterministic (no jitter) so the status line can show the same countdown the
 * retryer waits: one browser tab is one client, and the Retry-After value already spreads clients apart.
 */
export function pageRetryDelayMs(failureCount: number, error: unknown): number {
  const e = asRetryable(error);
  const backoff = Math.min(MAX_DELAY_MS, 1000 * 2 ** Math.max(0, failureCount - 1));
  if (e?.status === 429 && e.retryAfterSeconds !== null) {
    return Math.min(MAX_DELAY_MS, Math.max(250, Math.ceil(e.retryAfterSeconds * 1000)));
  }
  return backoff;
}
