import { describe, expect, it } from "vitest";
import type { EvaluationRunsStore } from "../db/evaluation-runs-store";
import { EvaluationRunner } from "./runner";

/*
 * Issue 40 item 5: what readiness (GET /api/health/ready) learns of the runner. A database call that never returns
 * is what stalls a real runner; a store whose first query never settles stands in for it, with the runner's clock
 * moved by hand (a real paused database: lib/server/db/database-outage.test.ts).
 */

describe("EvaluationRunner.state()", () => {
  it("is stopped until started, running while its poll loop goes round, and stalled once a poll hangs for a minute", async () => {
    let now = 1_000_000;
    let polls = 0;
    const store = {
      running: () => {
        polls++;
        return new Promise(() => undefined);
      },
    } as unknown as EvaluationRunsStore;
    const runner = new EvaluationRunner({ store, instanceId: "test", workFor: async () => null, pollMs: 10, now: () => now });
    expect(runner.state()).toBe("stopped");

    runner.start();
    expect(runner.state()).toBe("running");
    await expect.poll(() => polls).toBe(1);
    now += 59_000;
    expect(runner.state()).toBe("running");
    now += 2_000;
    expect(runner.state()).toBe("stalled");
  });

  it("stays running while its polls fail (the database away is the database's check) and is stopped after stop()", async () => {
    let now = 1_000_000;
    let polls = 0;
    const store = {
      running: async () => {
        polls++;
        now += 5_000;
        throw new Error("the database is away");
      },
    } as unknown as EvaluationRunsStore;
    const runner = new EvaluationRunner({ store, instanceId: "test", workFor: async () => null, pollMs: 10, now: () => now, onError: () => undefined });
    runner.start();
    await expect.poll(() => polls).toBeGreaterThan(15);
    expect(runner.state()).toBe("running");
    await runner.stop();
    expect(runner.state()).toBe("stopped");
  });
});
