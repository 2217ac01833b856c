import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { appContext } from "../config/app-context";
import { setUpBff, type BffTestEnv } from "../testing/test-support";
import { runToEnd } from "../testing/evaluation-runner";
import { DEMO_RUN_ID, DEMO_SET_ID, seedDemoEvaluation } from "./evaluation-demo";
import { readRun, readRunItems } from "./evaluation-runs";

/**
 * The embedded mode's demo evaluation (issue 27): the seeded set and run, made once whatever the number of starts,
 * executed by the real runner against the embedded gateway's web-research preset, whose two versions answer with
 * different citations.
 */
describe("demo evaluation seeding", () => {
  let gateway: EmbeddedGateway;
  let bff: BffTestEnv;

  beforeAll(async () => {
    gateway = await startTestGateway({ answerTimeScale: 0 });
    bff = await setUpBff({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
    await (await appContext()).users.createDemoUsers("demo-password-for-tests");
  });
  afterAll(async () => {
    await bff.cleanup();
    await gateway.close();
  });

  it("seeds the set and the run once, and the runner finishes it with the two versions citing differently", async () => {
    const context = await appContext();
    const noWait = async () => undefined;
    expect(await seedDemoEvaluation(context, { sleep: noWait })).toBe("seeded");
    expect(await seedDemoEvaluation(context, { sleep: noWait })).toBe("present");
    expect((await context.questionSets.list()).filter((set) => set.id === DEMO_SET_ID)).toHaveLength(1);
    expect((await context.evaluationRuns.list()).filter((run) => run.id === DEMO_RUN_ID)).toHaveLength(1);

    const created = await readRun(DEMO_RUN_ID);
    expect(created.progress.versions.map((version) => version.id)).toEqual(["@preset/web-research@2", "@preset/web-research@3"]);
    expect(created.progress.totals.total).toBe(60);

    await runToEnd([DEMO_RUN_ID]);
    const done = await readRun(DEMO_RUN_ID);
    expect(done.status).toBe("finished");
    expect(done.progress.totals).toMatchObject({ done: 60, failed: 0 });

    const items = (await readRunItems(DEMO_RUN_ID, 0, 200)).data;
    const citedHosts = (version: number) =>
      items
        .filter((item) => item.version_index === version)
        .flatMap((item) => (item.result as { citations: { url: string }[] }).citations.map((citation) => new URL(citation.url).hostname));
    // v3 excludes *.example.net; v2 cites those hosts somewhere in 30 questions.
    expect(citedHosts(0).some((host) => host.endsWith(".example.net"))).toBe(true);
    expect(citedHosts(1).some((host) => host.endsWith(".example.net"))).toBe(false);
    expect(citedHosts(1).length).toBeGreaterThan(0);
    // Each row's allowed domains are its topic's own sources (none under example.net): the stricter v3 passes most
    // rows, v2 (which cites example.net hosts) few, so the demo's pass rates tell the two versions apart.
    const passes = (version: number) => items.filter((item) => item.version_index === version && ((item.checks ?? []) as { passed: boolean }[]).every((check) => check.passed)).length;
    expect(passes(1)).toBeGreaterThanOrEqual(18);
    expect(passes(0)).toBeLessThan(passes(1));
    // A whole demo run (60 answers and their checks): ~5 s on a quiet machine, several times that at load 20.
  }, 120_000);
});
