/**
 * Slows password guessing: after MAX_FAILURES wrong passwords for one email within WINDOW_MS,
 * further attempts for it are refused until the window ends. In memory, per process: a
 * deterrent, not an account lock (a restart clears it; nobody can lock a user out for good).
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

export class SignInThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds until attempts are allowed again, or 0 when they are. */
  blockedFor(email: string): number {
    const entry = this.failures.get(email.toLowerCase());
    if (!entry) return 0;
    const left = entry.resetAt - this.now();
    if (left <= 0) {
      this.failures.delete(email.toLowerCase());
      return 0;
    }
    return entry.count >= MAX_FAILURES ? Math.ceil(left / 1000) : 0;
  }

  fail(email: string): void {
    const key = email.toLowerCase();
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= this.now()) this.failures.set(key, { count: 1, resetAt: this.now() + WINDOW_MS });
    else entry.count++;
    if (this.failures.size > 10_000) {
      // Bounded memory under a spray of made-up emails: drop the oldest entries.
      for (const k of [...this.failures.keys()].slice(0, 1_000)) this.failures.delete(k);
    }
  }

  succeed(email: string): void {
    this.failures.delete(email.toLowerCase());
  }
}
