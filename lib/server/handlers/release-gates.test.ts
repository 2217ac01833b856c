import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EvaluationDesignateResultEnvelopeSchema } from "@/lib/contract/bff/evaluation-results";
import { EvaluationRunEnvelopeSchema, QuestionSetSavedEnvelopeSchema } from "@/lib/contract/bff/evaluations";
import { ReleaseGateStateEnvelopeSchema, RevertDesignationEnvelopeSchema } from "@/lib/contract/bff/release-gates";
import type { Role } from "@/lib/contract/bff/schemas";
import { ErrorBodySchema } from "@/lib/contract/gateway";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { appContext } from "../config/app-context";
import { runToEnd } from "../testing/evaluation-runner";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { designateRunWinner } from "./evaluation-results";
import { createSet } from "./evaluation-sets";
import { createEvaluationRun } from "./evaluation-runs";
import { deleteReleaseGate, getReleaseGate, putReleaseGate, revertPresetDesignation } from "./release-gates";

/**
 * Issue 38 part 6: a preset's release gate over real runs on the embedded gateway. web-research v1 cites pages under
 * *.example.net, v3 excludes them (lib/embedded-gateway/search/evaluation-corpus.ts), so a gate on `no-domain:example.net`
 * at 100 % refuses v1 and accepts v3.
 */

const DEMO_ROWS = readFileSync(path.join("lib", "evaluations", "demo", "web-research-questions.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .slice(0, 4)
  .map((line) => JSON.parse(line) as unknown);

describe.each(APP_DB_DIALECTS)("release gates on %s", (dialect) => {
  let gateway: EmbeddedGateway;
  let bff: BffTestEnv;
  let setId: string;
  let runId: string;

  const slugParams = params({ slug: "web-research" });
  const gateRequest = (method: string, role: Role, json?: unknown) => bff.request("/api/presets/web-research/gate", { method, role, ...(json === undefined ? {} : { json }) });
  const designate = (json: unknown, role: Role = "editor") => designateRunWinner(bff.request(`/api/evaluations/runs/${runId}/designate`, { role, json }), params({ id: runId }));
  const designated = async () =>
    ((await (await fetch(`${gateway.baseUrl}/presets/web-research`, { headers: { authorization: `Bearer ${gateway.apiKey}` } })).json()) as { data: { designated_version: { version: number; config: unknown } } }).data.designated_version;
  const versionConfig = async (n: number) => ((await (await fetch(`${gateway.baseUrl}/presets/web-research/versions/${n}`, { headers: { authorization: `Bearer ${gateway.apiKey}` } })).json()) as { data: { config: unknown } }).data.config;
  async function errorOf(response: Response, status: number) {
    expect(response.status, await response.clone().text()).toBe(status);
    return ErrorBodySchema.parse(await response.json()).error;
  }

  beforeAll(async () => {
    gateway = await startTestGateway({ answerTimeScale: 0 });
    bff = await setUpBff({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey, managementKey: gateway.managementKey }, { MODEL_MAX_COST_PER_DAY_USD: "50" }, { database: dialect });
    const created = await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json: { name: "gate set", rows: DEMO_ROWS } }), params({}));
    expect(created.status, await created.clone().text()).toBe(201);
    setId = QuestionSetSavedEnvelopeSchema.parse(await created.json()).data.set_id;
    const started = await createEvaluationRun(bff.request("/api/evaluations/runs", { role: "editor", json: { set_id: setId, preset: "web-research", versions: [1, 3], checks: ["no-domain:example.net", "min-length:1"], cap_usd: 5 } }), params({}));
    expect(started.status, await started.clone().text()).toBe(201);
    runId = EvaluationRunEnvelopeSchema.parse(await started.json()).data.id;
    await runToEnd([runId]);
  }, 120_000);
  afterAll(async () => {
    await bff.cleanup();
    await gateway.close();
  });

  it("only an admin sets a gate; a bad one is 400 naming the field", async () => {
    const gate = { set_id: setId, checks: ["no-domain:example.net"], min_pass_rate: 1 };
    expect((await putReleaseGate(gateRequest("PUT", "editor", gate), slugParams)).status).toBe(403);
    expect((await errorOf(await putReleaseGate(gateRequest("PUT", "admin", { ...gate, min_pass_rate: 2 }), slugParams), 400)).message).toContain("min_pass_rate");
    expect((await errorOf(await putReleaseGate(gateRequest("PUT", "admin", { ...gate, checks: ["nope:x"] }), slugParams), 400)).message).toContain("checks");
    const saved = await putReleaseGate(gateRequest("PUT", "admin", gate), slugParams);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const state = ReleaseGateStateEnvelopeSchema.parse(await saved.json()).data;
    expect(state.gate).toEqual(gate);
    // The studio's column: v1 fails the gate in this run, v3 meets it.
    expect(state.versions.map((v) => [v.version, v.met, v.run_id])).toEqual([
      [3, true, runId],
      [1, false, runId],
    ]);
    expect(state.versions[1].unmet[0].message).toMatch(/^pass rate \d+(\.\d)?%, needs at least 100%$/);
    // The results page asks for one run's versions.
    const forRun = ReleaseGateStateEnvelopeSchema.parse(await (await getReleaseGate(bff.request(`/api/presets/web-research/gate?run=${runId}`, { role: "viewer" }), slugParams)).json()).data;
    expect(forRun.run?.map((v) => [v.version, v.met])).toEqual([
      [1, false],
      [3, true],
    ]);
    expect((await getReleaseGate(bff.request("/api/presets/web-research/gate?run=nope", { role: "viewer" }), slugParams)).status).toBe(400);
  });

  it("refuses a version that fails the gate (409 naming the threshold and the run), accepts one that meets it, and keeps the move", async () => {
    const before = (await designated()).version;
    const refused = await errorOf(await designate({ version: 1, expected_version: before }), 409);
    expect(refused.message).toContain(runId);
    expect(refused.message).toContain("pass rate");
    expect(refused.metadata).toMatchObject({ run_id: runId, version: 1, unmet: [{ threshold: "pass_rate" }] });
    expect((await designated()).version).toBe(before);
    // An editor cannot override; an admin can, with a reason that the audit keeps.
    expect((await designate({ version: 1, expected_version: before, override_reason: "hotfix" })).status).toBe(403);

    const accepted = await designate({ version: 3, expected_version: before });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const saved = EvaluationDesignateResultEnvelopeSchema.parse(await accepted.json()).data;
    expect(saved.saved_version).toBe(before + 1);
    const state = ReleaseGateStateEnvelopeSchema.parse(await (await getReleaseGate(gateRequest("GET", "viewer"), slugParams)).json()).data;
    expect(state.designated_version).toBe(before + 1);
    expect(state.moves[0]).toMatchObject({ from_version: before, to_version: before + 1, source_version: 3, run_id: runId, override_reason: null, reverts_move: null, user_email: expect.stringContaining("editor") });
  });

  it("an admin overrides with a reason (audited); the newest move is reverted in one action", async () => {
    const before = (await designated()).version;
    const overridden = await designate({ version: 1, expected_version: before, override_reason: "Rollback while v3's sources are checked" }, "admin");
    expect(overridden.status, await overridden.clone().text()).toBe(200);
    const note = EvaluationDesignateResultEnvelopeSchema.parse(await overridden.json()).data.note;
    expect(note).toContain("release gate overridden by an admin: Rollback while v3's sources are checked");
    const audit = await (await appContext()).audit.listForPreset("web-research");
    expect(audit[0].note).toBe(note);

    let state = ReleaseGateStateEnvelopeSchema.parse(await (await getReleaseGate(gateRequest("GET", "viewer"), slugParams)).json()).data;
    const [newest, older] = state.moves;
    expect(newest).toMatchObject({ from_version: before, to_version: before + 1, source_version: 1, override_reason: "Rollback while v3's sources are checked" });
    const revert = (moveId: number, role: Role = "editor") => revertPresetDesignation(bff.request("/api/presets/web-research/designations/revert", { role, json: { move_id: moveId } }), slugParams);
    expect((await revert(newest.id, "viewer")).status).toBe(403);
    expect((await errorOf(await revert(older.id), 409)).message).toContain("Only the newest move");
    const reverted = await revert(newest.id);
    expect(reverted.status, await reverted.clone().text()).toBe(200);
    const result = RevertDesignationEnvelopeSchema.parse(await reverted.json()).data;
    expect(result.move).toMatchObject({ from_version: before + 1, to_version: before + 2, source_version: before, reverts_move: newest.id, run_id: null });
    // Back to the settings designated before the override (v3's, saved as `before`).
    const now = await designated();
    expect(now.version).toBe(before + 2);
    expect(now.config).toEqual(await versionConfig(3));
    state = ReleaseGateStateEnvelopeSchema.parse(await (await getReleaseGate(gateRequest("GET", "viewer"), slugParams)).json()).data;
    expect(state.moves.map((m) => m.reverts_move)).toEqual([newest.id, null, null]);
  });

  it("without a gate any version may be designated again", async () => {
    expect((await deleteReleaseGate(gateRequest("DELETE", "admin"), slugParams)).status).toBe(200);
    const before = (await designated()).version;
    expect((await designate({ version: 1, expected_version: before })).status).toBe(200);
  });
});
