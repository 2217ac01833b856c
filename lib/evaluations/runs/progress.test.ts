import { describe, expect, it } from "vitest";
import { fitsText, formatDuration, notRunSummary, runClock, shares, statusLabel, type RunClockInput } from "./progress";

const START = Date.parse("2026-01-01T00:00:00Z");
const counts = { done: 30, failed: 10, pending: 50, running: 10, cancelled: 0, total: 100 };

function run(changes: Partial<RunClockInput> = {}, eta: number | null = 120): RunClockInput {
  return { status: "running", created_at: new Date(START).toISOString(), ended_at: null, eta_seconds: eta, ...changes };
}

describe("runClock", () => {
  it("gives the time spent and the server's estimate of the time left", () => {
    expect(runClock(run(), START + 60_000, START + 60_000)).toEqual({ elapsedSeconds: 60, leftSeconds: 120 });
  });

  it("counts the time left down between polls, never below zero", () => {
    expect(runClock(run(), START + 70_000, START + 60_000).leftSeconds).toBe(110);
    expect(runClock(run(), START + 600_000, START + 60_000).leftSeconds).toBe(0);
  });

  it("has no time left before any item ended or once the run is over", () => {
    expect(runClock(run({}, null), START + 1_000, START).leftSeconds).toBeNull();
    const over = run({ status: "finished", ended_at: new Date(START + 90_000).toISOString() });
    expect(runClock(over, START + 500_000, START + 500_000)).toEqual({ elapsedSeconds: 90, leftSeconds: null });
  });
});

describe("shares", () => {
  it("gives each status its share of the total", () => {
    expect(shares(counts)).toEqual({ done: 30, failed: 10, running: 10, cancelled: 0 });
    expect(shares({ ...counts, total: 0 })).toEqual({ done: 0, failed: 0, running: 0, cancelled: 0 });
  });
});

describe("formatDuration and statusLabel", () => {
  it("reads as seconds, minutes or hours", () => {
    expect(formatDuration(45)).toBe("45 s");
    expect(formatDuration(185)).toBe("3 min 05 s");
    expect(formatDuration(7_620)).toBe("2 h 07 min");
  });

  it("says why a run stopped", () => {
    expect(statusLabel("stopped", "cap")).toBe("Stopped at its spending cap");
    expect(statusLabel("cancelled", "cancelled")).toBe("Cancelled");
  });
});

describe("notRunSummary", () => {
  const totals = { done: 40, failed: 6, pending: 0, running: 0, cancelled: 14, total: 60 };
  it("says how many items a run stopped at its cap left, and why", () => {
    expect(notRunSummary({ status: "stopped", stop_reason: "cap", progress: { totals } })).toBe("Stopped at the cap: 14 of 60 items not run.");
    expect(notRunSummary({ status: "stopped", stop_reason: "budget", progress: { totals } })).toBe("Stopped at your spending budget: 14 of 60 items not run.");
    expect(notRunSummary({ status: "cancelled", progress: { totals } })).toBe("Cancelled: 14 of 60 items not run.");
  });
  it("says nothing while running, once finished, or when every item ran", () => {
    expect(notRunSummary({ status: "running", progress: { totals } })).toBeNull();
    expect(notRunSummary({ status: "finished", progress: { totals: { ...totals, cancelled: 0 } } })).toBeNull();
    expect(notRunSummary({ status: "stopped", stop_reason: "cap", progress: { totals: { ...totals, cancelled: 0 } } })).toBeNull();
  });
});

describe("fitsText", () => {
  it("says a cap below the estimate runs what fits and stops there", () => {
    expect(fitsText({ items: 60, fits_items: 46, low_usd: 0.1 }, 0.5)).toBe("The cap of $0.50 is below the estimate: the run will run what fits (at least 46 of the 60 answers) and stop at the cap, saying how many items it left.");
  });
});
