import { describe, expect, it } from "vitest";
import { loadWithRetry } from "./load-with-retry";

/** A loader that fails `failures` times, then gives "chunk"; counts its calls. */
function flaky(failures: number) {
  const loader = {
    calls: 0,
    load: () => (++loader.calls <= failures ? Promise.reject(new TypeError(`Failed to fetch chunk (try ${loader.calls})`)) : Promise.resolve("chunk")),
  };
  return loader;
}

describe("loading a chunk with retries", () => {
  it("tries again after a failed load, waiting longer each time", async () => {
    const waits: number[] = [];
    const loader = flaky(2);
    await expect(loadWithRetry(loader.load, { attempts: 3, delayMs: 100, wait: async (ms) => void waits.push(ms) })).resolves.toBe("chunk");
    expect(loader.calls).toBe(3);
    expect(waits).toEqual([100, 200]);
  });

  it("gives up after the last attempt with the last failure", async () => {
    const loader = flaky(5);
    await expect(loadWithRetry(loader.load, { attempts: 3, wait: async () => {} })).rejects.toThrow("try 3");
    expect(loader.calls).toBe(3);
  });

  it("loads once when the first try succeeds", async () => {
    const loader = flaky(0);
    await expect(loadWithRetry(loader.load, { wait: async () => {} })).resolves.toBe("chunk");
    expect(loader.calls).toBe(1);
  });
});
