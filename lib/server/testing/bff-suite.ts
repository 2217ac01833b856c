import { afterAll, afterEach, beforeAll } from "vitest";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { caller, startTestGateway, type Caller } from "@/lib/embedded-gateway/testing/harness";
import { setUpBff, type BffTestEnv } from "./test-support";

/**
 * A suite's BFF over its own embedded gateway: started before the suite, stopped after it, the gateway's fault
 * rules cleared after each test. `gw` calls the gateway with its management key (faults, debug counters, seeding).
 * Apart from test-support.ts because the component tests' BFF server uses that outside Vitest.
 */
export function bffOverEmbeddedGateway(): { readonly gateway: EmbeddedGateway; readonly bff: BffTestEnv; gw: Caller } {
  let gateway: EmbeddedGateway | undefined;
  let bff: BffTestEnv | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("bffOverEmbeddedGateway: used before its beforeAll ran");
    return value;
  };
  const gw: Caller = (path, init) => caller(started(gateway), started(gateway).managementKey)(path, init);
  beforeAll(async () => {
    gateway = await startTestGateway();
    bff = await setUpBff(gateway);
  });
  afterAll(async () => {
    await bff?.cleanup();
    await gateway?.close();
  });
  afterEach(async () => {
    await gw("/__faults", { method: "DELETE" });
  });
  return {
    get gateway() {
      return started(gateway);
    },
    get bff() {
      return started(bff);
    },
    gw,
  };
}
