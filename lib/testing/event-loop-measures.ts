import { monitorEventLoopDelay } from "node:perf_hooks";

const RESOLUTION_MS = 10;

/**
 * For a server run in a child process under a test that brackets each request with measures (the gateway's
 * monitored-gateway.ts, the BFF's monitored-bff-main.ts): answers every {type: "measure"} message with the event
 * loop's largest delay since the previous one, plus what `extra` adds (taken before the next interval starts).
 * Measured where the requests are handled: a test process measuring itself would see nothing of a server stalled
 * elsewhere.
 */
export function answerEventLoopMeasures(send: (message: unknown) => void, extra: () => Record<string, unknown> = () => ({})): void {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  process.on("message", (message: { type?: string }) => {
    if (message?.type !== "measure") return;
    // Two resolutions later the sampling timer has fired at least once after whatever ran last.
    setTimeout(() => {
      const maxDelayMs = delay.max / 1e6;
      const more = extra();
      // Whatever `extra` did (a forced collection) held the loop too; it is the test's doing, not the next request's.
      delay.reset();
      send({ type: "measured", maxDelayMs, ...more });
    }, 2 * RESOLUTION_MS);
  });
}
