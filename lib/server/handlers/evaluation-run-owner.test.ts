import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EvaluationRunEnvelopeSchema, QuestionSetSavedEnvelopeSchema } from "@/lib/contract/bff/evaluations";
import { EvaluationResultsSummaryEnvelopeSchema } from "@/lib/contract/bff/evaluation-results";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { runToEnd } from "../testing/evaluation-runner";
import { params, setUpBff, signInNewUser, type BffTestEnv } from "../testing/test-support";
import { applyRunRescore, cancelRunScoring, designateRunWinner, estimateRunRescore, getResultsSummary, listRunScorings } from "./evaluation-results";
import { EvaluationScoringListEnvelopeSchema } from "@/lib/contract/bff/evaluation-results";
import { createSet } from "./evaluation-sets";
import { cancelEvaluationRun, createEvaluationRun } from "./evaluation-runs";

/**
 * Issue 36, finding 5: a second editor re-scored someone else's run (its pass rate went 13 % → 100 % and the
 * original verdicts were gone); cancel alone checked the owner. Every write to a run now takes one rule
 * (lib/evaluations/runs/access.ts): the run's creator or an admin. A re-score is a scoring job (issue 38) that never
 * overwrites the run's own verdicts; cancelling one is a write too.
 */

let gateway: EmbeddedGateway;
let bff: BffTestEnv;
let other: { id: string; cookie: string };
let runId: string;
let running: string;

beforeAll(async () => {
  gateway = await startTestGateway({ answerTimeScale: 0 });
  bff = await setUpBff(gateway, { MODEL_MAX_COST_PER_DAY_USD: "50" });
  other = await signInNewUser("editor", "second-editor@test.local");
  const created = await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json: { name: "owner", rows: [{ question: "How does keyset pagination work?" }] } }), params({}));
  const setId = QuestionSetSavedEnvelopeSchema.parse(await created.json()).data.set_id;
  const start = async (json: unknown) => {
    const response = await createEvaluationRun(bff.request("/api/evaluations/runs", { role: "editor", json }), params({}));
    expect(response.status, await response.clone().text()).toBe(201);
    return EvaluationRunEnvelopeSchema.parse(await response.json()).data.id;
  };
  runId = await start({ set_id: setId, preset: "web-research", versions: [1], checks: ["min-length:100000"], cap_usd: 1 });
  await runToEnd([runId]);
  // A run that stays running (a cap the runner never reaches: nothing runs it in this test).
  running = await start({ set_id: setId, models: ["gatehouse/echo"], cap_usd: 1 });
}, 120_000);
afterAll(async () => {
  await bff.cleanup();
  await gateway.close();
});

const asOther = (path: string, json?: unknown) => bff.request(path, { headers: { cookie: other.cookie }, method: "POST", json });

async function checksOf(id: string): Promise<string[]> {
  const response = await getResultsSummary(bff.request(`/api/evaluations/runs/${id}/results`, { role: "viewer" }), params({ id }));
  return EvaluationResultsSummaryEnvelopeSchema.parse(await response.json()).data.checks;
}

describe("writes to a run are its creator's or an admin's", () => {
  it("refuses another editor's re-score, its estimate, designate and cancel with 403, and the run is unchanged", async () => {
    const rescore = { checks: ["min-length:1"] };
    for (const response of [
      await applyRunRescore(asOther(`/api/evaluations/runs/${runId}/rescore`, rescore), params({ id: runId })),
      await estimateRunRescore(asOther(`/api/evaluations/runs/${runId}/rescore/estimate`, rescore), params({ id: runId })),
      await designateRunWinner(asOther(`/api/evaluations/runs/${runId}/designate`, { version: 1, expected_version: 1 }), params({ id: runId })),
      await cancelEvaluationRun(asOther(`/api/evaluations/runs/${running}/cancel`), params({ id: running })),
    ]) {
      expect(response.status, await response.clone().text()).toBe(403);
      expect((await response.json()).error.message).toMatch(/Only the person who started this run, or an admin/);
    }
    expect(await checksOf(runId)).toEqual(["min-length:100000"]);
  });

  it("lets the creator and an admin re-score; another editor may not cancel a scoring, an admin may", async () => {
    const mine = await applyRunRescore(bff.request(`/api/evaluations/runs/${runId}/rescore`, { role: "editor", json: { checks: ["min-length:1"] } }), params({ id: runId }));
    expect(mine.status, await mine.clone().text()).toBe(202);
    // One scoring of a run at a time: nothing runs the job in this test, so it is still going.
    const busy = await applyRunRescore(bff.request(`/api/evaluations/runs/${runId}/rescore`, { role: "admin", json: { checks: ["min-length:2"] } }), params({ id: runId }));
    expect(busy.status).toBe(409);
    const refused = await cancelRunScoring(asOther(`/api/evaluations/runs/${runId}/scorings/2/cancel`), params({ id: runId, number: "2" }));
    expect(refused.status).toBe(403);
    const cancelled = await cancelRunScoring(bff.request(`/api/evaluations/runs/${runId}/scorings/2/cancel`, { role: "admin", method: "POST" }), params({ id: runId, number: "2" }));
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const admin = await applyRunRescore(bff.request(`/api/evaluations/runs/${runId}/rescore`, { role: "admin", json: { checks: ["min-length:2"] } }), params({ id: runId }));
    expect(admin.status, await admin.clone().text()).toBe(202);
    // Nothing is overwritten: the run's own verdicts are scoring 1, each re-score is kept beside them.
    expect(await checksOf(runId)).toEqual(["min-length:100000"]);
    const list = EvaluationScoringListEnvelopeSchema.parse(await (await listRunScorings(bff.request(`/api/evaluations/runs/${runId}/scorings`, { role: "viewer" }), params({ id: runId }))).json()).data;
    expect(list.map((scoring) => [scoring.number, scoring.status, scoring.checks])).toEqual([
      [1, "done", ["min-length:100000"]],
      [2, "cancelled", ["min-length:1"]],
      [3, "running", ["min-length:2"]],
    ]);
  });
});
