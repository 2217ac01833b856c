import { describe, expect, it } from "vitest";
import { simulatedTimes, statusAt, type JobTimeline } from "./timeline";

const job = (over: Partial<JobTimeline> = {}): JobTimeline => ({ submittedAt: 1_000, queuedMs: 800, generationMs: 4_000, failMessage: null, ...over });

describe("the job state machine", () => {
  it("runs pending -> in_progress -> completed on the clock from the stored submit time", () => {
    expect(statusAt(job(), 1_000, true)).toBe("pending");
    expect(statusAt(job(), 1_799, true)).toBe("pending");
    expect(statusAt(job(), 1_800, true)).toBe("in_progress");
    expect(statusAt(job(), 5_799, true)).toBe("in_progress");
    expect(statusAt(job(), 5_800, true)).toBe("completed");
    expect(statusAt(job(), 10_000_000, true)).toBe("completed");
  });

  it("stays in_progress past its time until the clip is on disk", () => {
    expect(statusAt(job(), 6_000, false)).toBe("in_progress");
    expect(statusAt(job(), 6_000, true)).toBe("completed");
  });

  it("a job set to fail fails at its end, clip or not, and not before", () => {
    const failing = job({ failMessage: "Provider returned an error" });
    expect(statusAt(failing, 1_500, false)).toBe("pending");
    expect(statusAt(failing, 3_000, false)).toBe("in_progress");
    expect(statusAt(failing, 5_800, false)).toBe("failed");
  });

  it("a zero time scale skips the clock: in_progress until the clip exists, then completed", () => {
    const instant = job({ queuedMs: 0, generationMs: 0 });
    expect(statusAt(instant, 1_000, false)).toBe("in_progress");
    expect(statusAt(instant, 1_000, true)).toBe("completed");
  });
});

describe("simulated times", () => {
  it("differ per model, grow with duration and resolution, and scale", () => {
    const veo = simulatedTimes("google/veo-3.1", { duration: 8, resolution: "720p" }, 1);
    const fast = simulatedTimes("google/veo-3.1-fast", { duration: 8, resolution: "720p" }, 1);
    expect(veo.generationMs).toBeGreaterThan(fast.generationMs);
    expect(simulatedTimes("google/veo-3.1", { duration: 4, resolution: "720p" }, 1).generationMs).toBeLessThan(veo.generationMs);
    expect(simulatedTimes("google/veo-3.1", { duration: 8, resolution: "1080p" }, 1).generationMs).toBeGreaterThan(veo.generationMs);
    // A few seconds in the demo.
    expect(veo.queuedMs + veo.generationMs).toBeGreaterThan(2_000);
    expect(veo.queuedMs + veo.generationMs).toBeLessThan(10_000);
    expect(simulatedTimes("google/veo-3.1", { duration: 8, resolution: "720p" }, 0.1).generationMs).toBe(Math.round(veo.generationMs * 0.1));
    expect(simulatedTimes("google/veo-3.1", { duration: 8, resolution: "720p" }, 0)).toEqual({ queuedMs: 0, generationMs: 0 });
    expect(simulatedTimes("someone/new-model", { duration: 5, resolution: "720p" }, 1).generationMs).toBeGreaterThan(0);
  });
});
