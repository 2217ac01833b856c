import { beforeAll, describe, expect, it } from "vitest";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { useTestAppDb } from "../testing/test-app-db";
import { EvaluationRunsStore, type EndedEvaluationItem } from "./evaluation-runs-store";
import { roomyLedger } from "../testing/test-ledger";

/** More items than one INSERT takes, so the chunks have to line up. */
const QUESTIONS = 1_300;

function endedItems(): EndedEvaluationItem[] {
  const items: EndedEvaluationItem[] = [];
  for (let version = 0; version < 2; version++)
    for (let question = 0; question < QUESTIONS; question++) {
      if (question % 100 === 7) {
        items.push({ version_index: version, question_index: question, repeat_index: 0, status: "failed", error: { status: 502, message: "upstream" }, costUsd: 0 });
      } else {
        const result = { answer: `answer ${version}/${question}`, citations: [{ url: `https://s${question}.example/`, start_index: 0, end_index: 6 }], cost_usd: 0.001 };
        items.push({ version_index: version, question_index: question, repeat_index: 0, status: "done", result, checks: [{ kind: "min-citations", arg: "1", passed: true }], costUsd: 0.001 });
      }
    }
  return items;
}

describe.each(APP_DB_DIALECTS)("an ended run written whole on %s", (dialect) => {
  const testDb = useTestAppDb(dialect, "gatehouse-eval-ended-");
  let store: EvaluationRunsStore;
  const base = { userId: "u1", setId: "set", setVersion: 1, plan: { versions: [], repeats: 1 }, capUsd: 10, itemReserveUsd: 0 };
  beforeAll(() => {
    store = new EvaluationRunsStore(testDb.db, roomyLedger(testDb.db));
  });

  it("reads back as the runner would have left it: status, outcomes in position order, progress, spending", async () => {
    const items = endedItems();
    const endedAt = new Date("2026-11-01T10:00:00.000Z");
    await store.createEnded({ id: "ended-1", ...base, status: "finished", endedAt, items });

    expect(await store.get("ended-1")).toMatchObject({ status: "finished", stop_reason: null, ended_at: endedAt.toISOString() });
    const stored = await store.resultItems("ended-1");
    expect(stored).toHaveLength(items.length);
    expect(stored.map((item) => [item.version_index, item.question_index])).toEqual(items.map((item) => [item.version_index, item.question_index]));
    expect(stored[QUESTIONS + 1]).toMatchObject({ status: "done", result: items[QUESTIONS + 1].result, checks: items[QUESTIONS + 1].checks, error: null, cost_usd: 0.001 });
    expect(stored[7]).toMatchObject({ status: "failed", result: null, checks: null, error: { status: 502, message: "upstream" } });

    const progress = await store.progress("ended-1");
    const failedPerVersion = Math.ceil((QUESTIONS - 7) / 100);
    expect(progress.filter((row) => row.status === "done").map((row) => row.count)).toEqual([QUESTIONS - failedPerVersion, QUESTIONS - failedPerVersion]);
    // Nothing is pending: the runner has nothing to claim and the run counts what its items cost.
    expect(await store.claim("ended-1", "instance", { now: Date.now(), leaseMs: 1000, concurrency: 4 })).toEqual({ kind: "ended" });
    expect(Number((await store.get("ended-1"))?.spent_usd)).toBeCloseTo((QUESTIONS - failedPerVersion) * 2 * 0.001, 6);
    expect(await store.resultsRevision("ended-1")).toBe(`${items.length}:${endedAt.toISOString()}`);
  });

  it("writes all or nothing: a run whose id is taken leaves no items behind", async () => {
    await store.createEnded({ id: "ended-2", ...base, status: "stopped", stopReason: "cap", items: endedItems().slice(0, 10) });
    await expect(store.createEnded({ id: "ended-2", ...base, status: "finished", items: endedItems() })).rejects.toThrow();
    expect(await store.resultItems("ended-2")).toHaveLength(10);
    expect(await store.get("ended-2")).toMatchObject({ status: "stopped", stop_reason: "cap" });
  });

  it("counts passes per version from the items' pass flags", async () => {
    const items = endedItems().map((item) =>
      // Version 1 fails its check on every third question: a failed check is no pass.
      item.status === "done" && item.version_index === 1 && item.question_index % 3 === 0 ? { ...item, checks: [{ kind: "min-citations", arg: "1", passed: true }, { kind: "contains", arg: "x", passed: false }] } : item,
    );
    await store.createEnded({ id: "passes", ...base, status: "finished", items });
    const failed = Math.ceil((QUESTIONS - 7) / 100);
    const thirds = items.filter((item) => item.version_index === 1 && item.status === "done" && item.question_index % 3 === 0).length;
    const counts = async () => (await store.passCounts(["passes", "nothing"])).sort((a, b) => a.version_index - b.version_index);
    expect(await counts()).toEqual([
      { run_id: "passes", version_index: 0, passed: QUESTIONS - failed, ended: QUESTIONS },
      { run_id: "passes", version_index: 1, passed: QUESTIONS - failed - thirds, ended: QUESTIONS },
    ]);
    expect(await store.passCounts([])).toEqual([]);
  });
});
