import { HttpError } from "../http/errors";

export interface GateLimits {
  /** Tasks that may run at once. */
  running: number;
  /** Tasks that may wait for a turn; one more is refused at once. */
  waiting: number;
  /** How long a task may wait for its turn before it is refused. */
  waitMs: number;
  /** Retry-After of a refusal, in seconds. */
  retryAfterSeconds: number;
}

/**
 * Lets at most `limits.running` tasks run at once, in arrival order. Waiting is bounded both in count and in
 * time: past either bound the task is refused with a 503 and Retry-After (the server is busy, not broken),
 * so a burst turns into quick refusals instead of a queue that outlives every request in it.
 */
export class BoundedGate {
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(private readonly limits: GateLimits) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await task();
    } finally {
      this.leave();
    }
  }

  /** Tasks running now (tests and diagnostics). */
  get running(): number {
    return this.active;
  }

  private enter(): Promise<void> {
    if (this.active < this.limits.running) {
      this.active += 1;
      return Promise.resolve();
    }
    if (this.queue.length >= this.limits.waiting) return Promise.reject(this.busy());
    return new Promise((resolve, reject) => {
      const admit = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.queue.indexOf(admit);
        if (at >= 0) this.queue.splice(at, 1);
        reject(this.busy());
      }, this.limits.waitMs);
      this.queue.push(admit);
    });
  }

  private leave(): void {
    // The slot passes straight to the next in line: `active` stays as it is.
    const next = this.queue.shift();
    if (next) next();
    else this.active -= 1;
  }

  private busy(): HttpError {
    const wait = this.limits.retryAfterSeconds;
    return new HttpError(503, `Gatehouse has too many saves under way right now. Try again in ${wait} seconds.`, {
      headers: { "Retry-After": String(wait) },
      metadata: { retry_after: wait },
    });
  }
}
