import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { DEFAULT_RETRY_LIMITS, MAX_RETRY_DELAY_MS, retryDelayMs, retryPolicy, shouldRetry } from "./retry-policy";

const answered = (status: number, retryAfterSeconds: number | null = null) => new ApiError(status, `status ${status}`, null, retryAfterSeconds);

describe("the default retry policy", () => {
  it("retries a network failure and a 5xx a bounded number of times", () => {
    for (const status of [0, 500, 502, 503]) {
      const tries = [0, 1, 2, 3].map((failures) => shouldRetry(failures, answered(status)));
      expect(tries).toEqual([true, true, false, false]);
    }
    expect(DEFAULT_RETRY_LIMITS.failed).toBe(2);
  });

  it("retries a 429 a bounded number of times", () => {
    const tries = [0, 1, 2, 3].map((failures) => shouldRetry(failures, answered(429, 1)));
    expect(tries).toEqual([true, true, true, false]);
  });

  it("never retries a refusal, nor what is not an answer", () => {
    for (const status of [400, 401, 403, 404, 409, 413, 422]) expect(shouldRetry(0, answered(status))).toBe(false);
    expect(shouldRetry(0, new TypeError("does not match the contract"))).toBe(false);
    expect(shouldRetry(0, "odd")).toBe(false);
  });

  it("waits what Retry-After asks after a 429, within bounds", () => {
    expect(retryDelayMs(0, answered(429, 3))).toBe(3000);
    expect(retryDelayMs(0, answered(429, 0.5))).toBe(500);
    expect(retryDelayMs(0, answered(429, 0))).toBe(250);
    expect(retryDelayMs(0, answered(429, 3600))).toBe(MAX_RETRY_DELAY_MS);
  });

  it("backs off exponentially otherwise, up to a minute", () => {
    expect([0, 1, 2, 3].map((failures) => retryDelayMs(failures, answered(503)))).toEqual([1000, 2000, 4000, 8000]);
    expect([0, 1].map((failures) => retryDelayMs(failures, answered(429)))).toEqual([1000, 2000]);
    expect(retryDelayMs(20, answered(0))).toBe(MAX_RETRY_DELAY_MS);
  });

  it("takes other limits for a query that says why", () => {
    const patient = retryPolicy({ failed: 1, rateLimited: 12 });
    expect(patient.retry(11, answered(429))).toBe(true);
    expect(patient.retry(12, answered(429))).toBe(false);
    expect(patient.retry(1, answered(500))).toBe(false);
    expect(patient.retry(0, answered(404))).toBe(false);
  });
});
