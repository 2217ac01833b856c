import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { appContext } from "../config/app-context";
import { createOwnToken, revokeOwnToken } from "../services/access-tokens";
import { startEvaluationRunner, stopEvaluationRunner } from "../services/evaluations";
import { serveApiRoutes } from "../testing/http-bff";
import { setUpBff, type BffTestEnv } from "../testing/test-support";
import { runEvaluationCli, type CliIo } from "./eval";

/**
 * `npm run eval -- --server`: the CLI drives a BFF over HTTP (this process's, on a free port, its runner started as
 * the server starts it) with a personal access token: the run is on the runs list and its spending on the ledger.
 */

let gateway: EmbeddedGateway;
let bff: BffTestEnv;
let server: { baseUrl: string; close(): Promise<void> };
let dir: string;
let token: string;

beforeAll(async () => {
  gateway = await startTestGateway({ answerTimeScale: 0 });
  bff = await setUpBff(gateway);
  startEvaluationRunner(await appContext());
  server = await serveApiRoutes(bff);
  dir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-eval-server-"));
  writeFileSync(path.join(dir, "questions.jsonl"), ['{"question":"How does keyset pagination work?"}', '{"question":"What is SQLite write-ahead logging?"}'].join("\n"));
  // v1 and v3 echo the question (short answers); v2 (swift) answers at length.
  for (const model of ["gatehouse/echo", "gatehouse/swift", "gatehouse/echo"]) {
    const saved = await fetch(`${gateway.baseUrl}/presets/server-gate/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${gateway.managementKey}`, "content-type": "application/json" },
      body: JSON.stringify({ model, messages: [{ role: "user", content: "Hi" }] }),
    });
    expect(saved.status).toBe(200);
  }
  const editor = { id: bff.userIds.editor, email: "editor@test.local", name: "Test editor", role: "editor" as const };
  token = (await createOwnToken(editor, { name: "CLI test" })).token;
});
afterAll(async () => {
  await stopEvaluationRunner();
  await server.close();
  await bff.cleanup();
  await gateway.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(env: Record<string, string>, ...argv: string[]) {
  let out = "";
  let err = "";
  const io: CliIo = {
    out: (text) => void (out += text),
    err: (text) => void (err += text),
    readFile: (file) => readFile(file, "utf8"),
    writeFile: (file, text) => writeFile(file, text),
    env,
    startEmbeddedGateway: () => Promise.reject(new Error("--server: no embedded gateway")),
    progressMs: 50,
  };
  const code = await runEvaluationCli(argv, io);
  return { code, out, err };
}

const questions = () => path.join(dir, "questions.jsonl");

describe("npm run eval -- --server", () => {
  it("runs on the server: exit 1 with a planted regression, the run on the runs list and the ledger, the token never printed", async () => {
    const md = path.join(dir, "server.md");
    const planted = await cli({ GATEHOUSE_TOKEN: token }, "--questions", questions(), "--preset", "server-gate", "--versions", "2", "--baseline", "1", "--check", "max-length:80", "--server", server.baseUrl, "--markdown", md);
    expect(planted.code, planted.err).toBe(1);
    expect(planted.err).toMatch(/started run [0-9a-f-]{36} on http:\/\/127\.0\.0\.1/);
    expect(planted.err).toMatch(/4\/4 answered, \$\d+\.\d{4} spent/);
    expect(planted.err).toMatch(/2 regression\(s\) against @preset\/server-gate@1/);
    expect(readFileSync(md, "utf8")).toMatch(/## Regressions/);
    expect(planted.out + planted.err).not.toContain(token);

    const runId = /started run ([0-9a-f-]{36})/.exec(planted.err)![1];
    const { evaluationRuns, db } = await appContext();
    const run = await evaluationRuns.get(runId);
    expect(run?.user_id).toBe(bff.userIds.editor);
    const entries = await db.kysely.selectFrom("ledger_entries").selectAll().where("user_id", "=", bff.userIds.editor).execute();
    expect(entries.length).toBeGreaterThanOrEqual(4);

    const clean = await cli({ GATEHOUSE_TOKEN: token }, "--questions", questions(), "--preset", "server-gate", "--versions", "3", "--baseline", "1", "--check", "max-length:80", "--server", server.baseUrl);
    expect(clean.code, clean.err).toBe(0);
  });

  it("exits 2 without a token or with a revoked one, saying why and never echoing it", async () => {
    const none = await cli({}, "--questions", questions(), "--model", "gatehouse/echo", "--server", server.baseUrl);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/--server needs GATEHOUSE_TOKEN/);

    const editor = { id: bff.userIds.editor, email: "editor@test.local", name: "Test editor", role: "editor" as const };
    const doomed = await createOwnToken(editor, { name: "doomed" });
    await revokeOwnToken(editor, doomed.id);
    const revoked = await cli({ GATEHOUSE_TOKEN: doomed.token }, "--questions", questions(), "--model", "gatehouse/echo", "--server", server.baseUrl);
    expect(revoked.code).toBe(2);
    expect(revoked.err).toMatch(/401 The access token is not valid/);
    expect(revoked.err).not.toContain(doomed.token);
  });
});
