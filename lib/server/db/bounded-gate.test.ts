import { describe, expect, it } from "vitest";
import { BoundedGate } from "./bounded-gate";
import { HttpError } from "../http/errors";

/** A task that runs until `release()` is called. */
function heldTask() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => done, release };
}

describe("BoundedGate", () => {
  it("runs at most `running` tasks at once and hands each freed slot to the next in line", async () => {
    const gate = new BoundedGate({ running: 2, waiting: 10, waitMs: 60_000, retryAfterSeconds: 2 });
    const held = [heldTask(), heldTask(), heldTask()];
    const order: number[] = [];
    const runs = held.map((h, i) => gate.run(async () => (await h.task(), order.push(i))));
    await expect.poll(() => gate.running).toBe(2);
    held[2].release();
    held[0].release();
    await runs[0];
    await runs[2];
    held[1].release();
    await Promise.all(runs);
    expect(order).toEqual([0, 2, 1]);
    expect(gate.running).toBe(0);
  });

  it("refuses with 503 and Retry-After past `waiting` in line, and a task that waited longer than `waitMs`", async () => {
    const gate = new BoundedGate({ running: 1, waiting: 1, waitMs: 50, retryAfterSeconds: 3 });
    const holder = heldTask();
    const running = gate.run(holder.task);
    const waiter = gate.run(async () => "ran");
    const refused = await gate.run(async () => "ran").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 503, headers: { "Retry-After": "3" }, metadata: { retry_after: 3 } });
    // The waiter's time runs out while the holder still holds.
    await expect(waiter).rejects.toMatchObject({ status: 503 });
    holder.release();
    await running;
    expect(await gate.run(async () => "ran")).toBe("ran");
    expect(gate.running).toBe(0);
  });
});
