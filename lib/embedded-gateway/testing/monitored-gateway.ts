import { answerEventLoopMeasures } from "@/lib/testing/event-loop-measures";
import { startEmbeddedGateway } from "../server";

/*
 * An embedded gateway in its own process that watches its own event loop, for bounded-inputs.test.ts.
 * The delay has to be measured where the requests are handled: a test process measuring itself would
 * see nothing of a gateway stalled elsewhere. Run with `node --import tsx --expose-gc` and an IPC
 * channel; it sends {type: "ready", baseUrl, apiKey, managementKey} once listening, then answers every
 * {type: "measure"} with the event loop's largest delay since the previous one and the heap in use
 * after a full collection, so a test can bracket each request.
 */

async function main(gc: () => void, send: (message: unknown) => void) {
  const gateway = await startEmbeddedGateway({
    dbFile: ":memory:",
    port: 0,
    // The npm corpus is what the dashboard searches (installed READMEs): long pages, the costly case.
    corpus: "npm",
    projectRoot: process.cwd(),
    demoFiles: 200,
    faults: true,
    videoTimeScale: 0,
  });

  answerEventLoopMeasures(send, () => {
    gc();
    return { heapUsedBytes: process.memoryUsage().heapUsed };
  });
  process.on("disconnect", () => void gateway.close().finally(() => process.exit(0)));

  send({ type: "ready", baseUrl: gateway.baseUrl, apiKey: gateway.apiKey, managementKey: gateway.managementKey });
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc || !process.send) throw new Error("monitored-gateway.ts needs --expose-gc and an IPC channel (child_process.fork)");
void main(gc, process.send.bind(process));
