// @vitest-environment happy-dom
// A DOM: TanStack Query polls only in a browser (it never schedules intervals on a server).
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pollUntilFinished } from "./poll";

describe("pollUntilFinished", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks again every interval while the record moves, and stops once it has ended", async () => {
    vi.useFakeTimers();
    const states = ["running", "running", "finished"];
    let asked = 0;
    const client = new QueryClient();
    const observer = new QueryObserver(
      client,
      pollUntilFinished(["run", "r1"], () => Promise.resolve({ status: states[Math.min(asked++, states.length - 1)] }), (run) => run.status === "finished", 1000),
    );
    const unsubscribe = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toBe(3);
    expect(observer.getCurrentResult().data).toEqual({ status: "finished" });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(asked).toBe(3);
    unsubscribe();
    client.clear();
  });
});
