import { describe, expect, it } from "vitest";
import { restartPolicy } from "./restart-policy";

const options = { restartDelayMs: 500, maxRestartDelayMs: 8_000, stableAfterMs: 30_000, maxCrashes: 5, crashWindowMs: 60_000 };

describe("restartPolicy", () => {
  it("doubles the pause with every crash in a row and gives up at the fifth crash within the window", () => {
    const onCrash = restartPolicy(options);
    expect(onCrash(0, 1_000)).toEqual({ restart: true, delayMs: 500, crashesInWindow: 1 });
    expect(onCrash(2_000, 1_000)).toEqual({ restart: true, delayMs: 1_000, crashesInWindow: 2 });
    expect(onCrash(4_000, 1_000)).toEqual({ restart: true, delayMs: 2_000, crashesInWindow: 3 });
    expect(onCrash(8_000, 1_000)).toEqual({ restart: true, delayMs: 4_000, crashesInWindow: 4 });
    expect(onCrash(14_000, 1_000)).toEqual({ restart: false, crashesInWindow: 5 });
  });

  it("keeps the pause under its ceiling", () => {
    const onCrash = restartPolicy({ ...options, maxCrashes: 100 });
    const delays = Array.from({ length: 8 }, (_, i) => onCrash(i, 0)).map((decision) => (decision.restart ? decision.delayMs : null));
    expect(delays).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000, 8_000]);
  });

  it("starts the pause over after a run that stayed up, and forgets crashes older than the window", () => {
    const onCrash = restartPolicy(options);
    for (const at of [0, 1_000, 2_000, 3_000]) onCrash(at, 100);
    // Up for a minute: the shortest pause again, and the four early crashes are out of the window.
    expect(onCrash(63_001, 60_000)).toEqual({ restart: true, delayMs: 500, crashesInWindow: 1 });
  });
});
