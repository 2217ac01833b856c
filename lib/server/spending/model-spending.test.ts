import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetServerEnv } from "../config/env";
import type { AppDb } from "../db/app-db";
import { EvalRunsStore } from "../db/eval-runs-store";
import { VideoGenerationsStore } from "../db/video-generations-store";
import { HttpError } from "../http/errors";
import { noGatewayEnv, openTestAppDb } from "../testing/test-support";
import { checkDailyModelSpending } from "./model-spending";

const WHAT = { subject: "This run's", cheaper: "choose fewer questions" };

describe("the model-spending ledger shared by video generation and evaluation runs", () => {
  let db: AppDb;
  let dataDir: string;
  let runs: EvalRunsStore;
  let sources: { videoGenerations: VideoGenerationsStore; evalRuns: EvalRunsStore };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-spending-"));
    db = await openTestAppDb("sqlite", dataDir);
    runs = new EvalRunsStore(db);
    sources = { videoGenerations: new VideoGenerationsStore(db), evalRuns: runs };
    Object.assign(process.env, {
      ...noGatewayEnv(dataDir),
      MODEL_MAX_COST_PER_DAY_USD: "5",
    });
    resetServerEnv();
  });
  afterEach(() => resetServerEnv());
  afterAll(async () => {
    delete process.env.MODEL_MAX_COST_PER_DAY_USD;
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const run = (id: string, capUsd: number, at: Date) =>
    runs.create({ id, userId: "u1", setId: "s", setVersion: 1, plan: {}, capUsd, itemReserveUsd: 0.01, items: [{ version_index: 0, question_index: 0, repeat_index: 0 }], at });

  it("counts a running run at its whole cap, so a second run (or a video) cannot spend the same budget", async () => {
    await run("r1", 3, new Date());
    await expect(checkDailyModelSpending(sources, "u1", 1.5, WHAT)).resolves.toBeUndefined();
    const refused = await checkDailyModelSpending(sources, "u1", 2.5, WHAT).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(429);
    expect((refused as HttpError).metadata).toMatchObject({ limit: "per_day", setting: "MODEL_MAX_COST_PER_DAY_USD", spent_usd: 3, limit_usd: 5 });
    // Another user's budget is their own.
    await expect(checkDailyModelSpending(sources, "u2", 4.5, WHAT)).resolves.toBeUndefined();
  });

  it("counts an ended run at what its items cost, and frees the rest of its cap", async () => {
    await runs.cancel("r1");
    await expect(checkDailyModelSpending(sources, "u1", 4.5, WHAT)).resolves.toBeUndefined();
  });

  it("refuses with 402 what no wait would make fit", async () => {
    const refused = await checkDailyModelSpending(sources, "u1", 6, WHAT).catch((error: unknown) => error);
    expect((refused as HttpError).status).toBe(402);
    expect((refused as HttpError).message).toMatch(/over your limit of \$5\.00 a day\. Choose fewer questions\./);
  });
});
