import { describe, expect, it } from "vitest";
import { finish, finishInTurns, mapInSteps, type Steps } from "./steps";

/** A computation of `steps` pieces of about `ms` each (busy, as a run's aggregates are), returning their count. */
function* busySteps(steps: number, ms: number): Steps<number> {
  for (let step = 0; step < steps; step++) {
    const until = performance.now() + ms;
    while (performance.now() < until);
    yield;
  }
  return steps;
}

describe("work in steps", () => {
  it("finish runs every step at once and returns the result", () => {
    expect(finish(mapInSteps([1, 2, 3], (n) => n * 2, 1))).toEqual([2, 4, 6]);
  });

  it("finishInTurns lets other work run between slices of a long computation, and returns the same result", async () => {
    // Another user's request: waiting for the event loop. Run whole, the computation would hold it to the end.
    let otherRanAt: number | null = null;
    let stepsDone = 0;
    setImmediate(() => (otherRanAt = stepsDone));
    const counting = (function* () {
      for (let step = 0; step < 10; step++) {
        yield* busySteps(1, 10);
        stepsDone += 1;
      }
      return "done";
    })();
    expect(await finishInTurns(counting)).toBe("done");
    expect(otherRanAt).not.toBeNull();
    expect(otherRanAt!).toBeLessThan(10);
  });

  it("runs one computation at a time: a second one waits for the first, so the loop's turns are not shared out", async () => {
    const order: string[] = [];
    const named = (name: string) =>
      (function* () {
        order.push(`${name} starts`);
        yield* busySteps(3, 6);
        order.push(`${name} ends`);
        return name;
      })();
    expect(await Promise.all([finishInTurns(named("a")), finishInTurns(named("b"))])).toEqual(["a", "b"]);
    expect(order).toEqual(["a starts", "a ends", "b starts", "b ends"]);
  });

  it("mapInSteps pauses every `every` items, and keeps the order", () => {
    const steps = mapInSteps(Array.from({ length: 10 }, (_, i) => i), (n) => n + 1, 3);
    let pauses = 0;
    let next = steps.next();
    while (!next.done) {
      pauses += 1;
      next = steps.next();
    }
    expect(pauses).toBe(3);
    expect(next.value).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
