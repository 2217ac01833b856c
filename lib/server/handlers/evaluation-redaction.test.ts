import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EvaluationRunEnvelopeSchema, QuestionSetSavedEnvelopeSchema } from "@/lib/contract/bff/evaluations";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { caller, startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { runEvaluationCli, type CliIo } from "../cli/eval";
import { runToEnd } from "../testing/evaluation-runner";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { exportRunResults } from "./evaluation-results";
import { createSet } from "./evaluation-sets";
import { createEvaluationRun, getEvaluationRun, listEvaluationRunItems } from "./evaluation-runs";
import { postResponses } from "./responses";

/**
 * Issue 36, finding 6: a gateway that put the request's Authorization value into a streamed `error` /
 * `response.failed` event had the key shown in the playground stream, a run's recent errors, its items, the CSV and
 * JSON exports and the CLI's JSON and JUnit reports. The embedded gateway's echo_authorization_in_error fault
 * sends exactly that; every path must show "[redacted]" and never the key.
 */

let gateway: EmbeddedGateway;
let bff: BffTestEnv;
let dir: string;

const echoFault = (count: number) => caller(gateway, gateway.managementKey)("/__faults", { method: "POST", json: { path: "/responses", count, echo_authorization_in_error: true } });

function expectRedacted(text: string, where: string): void {
  expect(text, where).not.toContain(gateway.apiKey);
  expect(text, where).toContain("[redacted]");
}

beforeAll(async () => {
  gateway = await startTestGateway({ answerTimeScale: 0 });
  bff = await setUpBff(gateway, { MODEL_MAX_COST_PER_DAY_USD: "50" });
  dir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-redaction-"));
}, 60_000);
afterAll(async () => {
  await bff.cleanup();
  await gateway.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a key the gateway echoes in a streamed error", () => {
  it("is redacted in the playground's stream", async () => {
    await echoFault(1);
    const response = await postResponses(bff.request("/api/responses", { role: "editor", json: { model: "gatehouse/echo", input: "Hello?", stream: true } }), params({}));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("response.failed");
    expectRedacted(text, "playground stream");
  });

  it("is redacted in a run's recent errors, its items and its CSV and JSON exports", async () => {
    const created = await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json: { name: "redaction", rows: [{ question: "How does keyset pagination work?" }] } }), params({}));
    const setId = QuestionSetSavedEnvelopeSchema.parse(await created.json()).data.set_id;
    const started = await createEvaluationRun(bff.request("/api/evaluations/runs", { role: "editor", json: { set_id: setId, models: ["gatehouse/echo"], checks: ["min-length:1"], cap_usd: 1 } }), params({}));
    const id = EvaluationRunEnvelopeSchema.parse(await started.json()).data.id;
    await echoFault(1);
    await runToEnd([id]);
    const run = await (await getEvaluationRun(bff.request(`/api/evaluations/runs/${id}`, { role: "viewer" }), params({ id }))).text();
    expect(run).toContain("recent_errors");
    expectRedacted(run, "run page (recent errors)");
    expectRedacted(await (await listEvaluationRunItems(bff.request(`/api/evaluations/runs/${id}/items`, { role: "viewer" }), params({ id }))).text(), "items");
    for (const format of ["csv", "json"]) {
      expectRedacted(await (await exportRunResults(bff.request(`/api/evaluations/runs/${id}/results/export?format=${format}`, { role: "viewer" }), params({ id }))).text(), `${format} export`);
    }
  });

  it("is redacted in the CLI's JSON and JUnit reports", async () => {
    writeFileSync(path.join(dir, "questions.jsonl"), '{"question":"How does keyset pagination work?"}\n');
    await echoFault(1);
    const io: CliIo = {
      out: () => {},
      err: () => {},
      readFile: (file) => readFile(file, "utf8"),
      writeFile: (file, text) => writeFile(file, text),
      env: { GATEWAY_URL: gateway.baseUrl, GATEWAY_API_KEY: gateway.apiKey },
      startEmbeddedGateway: () => Promise.reject(new Error("GATEWAY_URL is set")),
    };
    const json = path.join(dir, "report.json");
    const junit = path.join(dir, "report.xml");
    await runEvaluationCli(["--questions", path.join(dir, "questions.jsonl"), "--model", "gatehouse/echo", "--check", "min-length:1", "--json", json, "--junit", junit, "--state", path.join(dir, "cli-state")], io);
    expectRedacted(readFileSync(json, "utf8"), "CLI JSON report");
    expectRedacted(readFileSync(junit, "utf8"), "CLI JUnit report");
  });
});
