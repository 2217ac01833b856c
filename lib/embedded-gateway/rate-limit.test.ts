import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit";

describe("rate limiter", () => {
  it("counts per key in fixed windows and tells when to retry", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(2, 60_000, () => now);
    expect(limiter.take("a")).toMatchObject({ allowed: true, remaining: 1 });
    expect(limiter.take("a")).toMatchObject({ allowed: true, remaining: 0 });
    now += 15_000;
    expect(limiter.take("a")).toMatchObject({ allowed: false, remaining: 0, retryAfter: 45 });
    expect(limiter.take("b")).toMatchObject({ allowed: true });
    now += 45_000;
    expect(limiter.take("a")).toMatchObject({ allowed: true, remaining: 1 });
  });
});
