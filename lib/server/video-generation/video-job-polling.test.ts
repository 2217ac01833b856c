import { describe, expect, it } from "vitest";
import { pollDelayMs } from "./video-job-polling";

describe("pollDelayMs", () => {
  it("is whole milliseconds, growing to at most 15 s: next_poll_at is a PostgreSQL bigint, which refuses 1795651499039.5", () => {
    const delays = Array.from({ length: 30 }, (_, i) => pollDelayMs(i + 1));
    for (const delay of delays) expect(Number.isInteger(delay), `${delay}`).toBe(true);
    expect(delays[0]).toBe(1_500);
    expect(delays.every((delay, i) => i === 0 || delay >= delays[i - 1])).toBe(true);
    expect(Math.max(...delays)).toBe(15_000);
  });
});
