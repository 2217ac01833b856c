export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch seconds at which the current window ends. */
  resetAt: number;
  /** Whole seconds until a request is allowed again (0 when allowed). */
  retryAfter: number;
}

/**
 * Fixed one-minute windows per key. Simpler than a token bucket and it makes the headers exact:
 * Remaining counts down within the window and Reset is when it refills.
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; used: number }>();

  constructor(
    readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): RateLimitDecision {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, used: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 10_000) this.prune(now);
    }
    const end = window.start + this.windowMs;
    const resetAt = Math.ceil(end / 1000);
    if (window.used >= this.limit) {
      return { allowed: false, limit: this.limit, remaining: 0, resetAt, retryAfter: Math.max(1, Math.ceil((end - now) / 1000)) };
    }
    window.used += 1;
    return { allowed: true, limit: this.limit, remaining: this.limit - window.used, resetAt, retryAfter: 0 };
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
  }
}

export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    "X-RateLimit-Limit": String(decision.limit),
    "X-RateLimit-Remaining": String(decision.remaining),
    "X-RateLimit-Reset": String(decision.resetAt),
  };
  if (!decision.allowed) headers["Retry-After"] = String(decision.retryAfter);
  return headers;
}
