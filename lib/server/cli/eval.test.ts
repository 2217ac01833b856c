import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { runEvalCli, type CliIo } from "./eval";

let gateway: EmbeddedGateway;
let dir: string;

beforeAll(async () => {
  gateway = await startTestGateway();
  dir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-eval-cli-"));
  writeFileSync(path.join(dir, "questions.jsonl"), ['{"question":"How does keyset pagination work?"}', '{"question":"What is SQLite write-ahead logging?"}'].join("\n"));
  writeFileSync(path.join(dir, "questions.csv"), "question,tags\nHow does keyset pagination work?,db\nWhat is SQLite write-ahead logging?,db\n");
  writeFileSync(path.join(dir, "bad.csv"), "question,time_sensitive\nHow does keyset pagination work?,maybe\n,no\n");
});
afterAll(async () => {
  await gateway.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI against the test gateway (as GATEWAY_URL would), collecting what it prints. */
async function cli(...argv: string[]) {
  let out = "";
  let err = "";
  const io: CliIo = {
    out: (text) => void (out += text),
    err: (text) => void (err += text),
    readFile: (file) => readFile(file, "utf8"),
    writeFile: (file, text) => writeFile(file, text),
    env: { GATEWAY_URL: gateway.baseUrl, GATEWAY_API_KEY: gateway.apiKey },
    startEmbeddedGateway: () => Promise.reject(new Error("GATEWAY_URL is set: no embedded gateway")),
  };
  const code = await runEvalCli(argv, io);
  return { code, out, err };
}

const file = (name: string) => path.join(dir, name);

describe("npm run eval", () => {
  it("exits 0 when every version reaches --min-pass, printing a table and writing JSON and JUnit reports", async () => {
    const json = file("report.json");
    const junit = file("report.xml");
    // The echo model repeats the question: "pagination" is in one of two answers, "?" in both.
    const { code, out } = await cli(
      "--questions", file("questions.jsonl"), "--model", "gatehouse/echo", "--model", "gatehouse/swift",
      "--check", "contains:?", "--min-pass", "0.5", "--json", json, "--junit", junit,
    );
    expect(code).toBe(0);
    expect(out).toMatch(/gatehouse\/echo\s+100\.0%/);
    const report = JSON.parse(readFileSync(json, "utf8")) as {
      versions: { id: string; pass_rate: number; cost_usd: number; latency_ms_p50: number; citations_per_answer: number }[];
      items: { question: string; version: string; answer: string; citations: unknown[]; checks: { kind: string; passed: boolean }[] }[];
    };
    expect(report.versions.map((version) => version.id)).toEqual(["gatehouse/echo", "gatehouse/swift"]);
    expect(report.versions[0]).toMatchObject({ pass_rate: 1 });
    expect(report.versions[0].latency_ms_p50).toBeGreaterThan(0);
    expect(report.items).toHaveLength(4);
    const echo = report.items.find((item) => item.version === "gatehouse/echo" && item.question.includes("keyset"));
    expect(echo?.answer).toContain("keyset pagination");
    expect(echo?.checks).toEqual([expect.objectContaining({ kind: "contains", passed: true })]);
    const xml = readFileSync(junit, "utf8");
    expect(xml).toContain('<testsuite name="gatehouse/echo" tests="2" failures="0"');
  });

  it("exits 1 when a version is below --min-pass, naming it", async () => {
    const { code, err } = await cli("--questions", file("questions.csv"), "--model", "gatehouse/echo", "--check", "contains:pagination", "--min-pass", "0.9");
    expect(code).toBe(1);
    expect(err).toMatch(/below --min-pass 0\.9: gatehouse\/echo/);
  });

  it("spends no more than --max-cost, whatever the preset's prompt (issue 36: $0.01 spent $1.64)", async () => {
    const saved = await fetch(`${gateway.baseUrl}/presets/long-prompt/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${gateway.managementKey}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gatehouse/scholar", plugins: [{ id: "web", max_results: 5 }], messages: [{ role: "system", content: "a.".repeat(100_000) }, { role: "user", content: "Hi" }] }),
    });
    expect(saved.status).toBe(200);
    const json = file("capped.json");
    const { err } = await cli("--questions", file("questions.jsonl"), "--preset", "long-prompt", "--versions", "1", "--max-cost", "0.01", "--json", json);
    expect(err).toMatch(/stopped at the spending cap of \$0\.01/);
    const report = JSON.parse(readFileSync(json, "utf8")) as { versions: { cost_usd: number }[] };
    expect(report.versions.reduce((sum, version) => sum + version.cost_usd, 0)).toBeLessThanOrEqual(0.01);
    // A cheap model under the same cap answers: each answer's bound fits.
    const cheap = await cli("--questions", file("questions.jsonl"), "--model", "gatehouse/swift", "--max-cost", "0.05", "--json", json);
    expect(cheap.code).toBe(0);
    const answered = JSON.parse(readFileSync(json, "utf8")) as { versions: { cost_usd: number }[]; items: unknown[] };
    expect(answered.items).toHaveLength(2);
    expect(answered.versions[0].cost_usd).toBeLessThanOrEqual(0.05);
  });

  it("--dry-run prints the estimate as a range and runs nothing; a --max-cost below it runs what fits and says how many answers it left", async () => {
    const saved = await fetch(`${gateway.baseUrl}/presets/long-fits/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${gateway.managementKey}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gatehouse/scholar", messages: [{ role: "system", content: "a.".repeat(20_000) }, { role: "user", content: "Hi" }] }),
    });
    expect(saved.status).toBe(200);
    const args = ["--questions", file("questions.jsonl"), "--preset", "long-fits", "--versions", "1"];
    const dry = await cli(...args, "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/^2 answers, estimated \$0\.\d{4}–\$0\.\d{4}, cap \$\d.*--dry-run: nothing was run/);
    // Each answer's upper bound is about $0.056 here: a cap of $0.08 takes one, not two.
    const json = file("fits.json");
    const capped = await cli(...args, "--max-cost", "0.08", "--json", json);
    expect(capped.err).toMatch(/below the estimate's high end: runs what fits \(at least 1 of 2 answers\)/);
    expect(capped.err).toMatch(/stopped at the spending cap of \$0\.08\d* .*: 1 of 2 answers not run, counted as failed/);
    expect(capped.err).toMatch(/spent \$0\.\d{4} of the estimated \$0\.\d{4}–\$0\.\d{4}/);
    // Without --min-pass the gate has nothing to fail: exit 0 (with it, the answers not run count as failed: exit 1).
    expect(capped.code).toBe(0);
    const report = JSON.parse(readFileSync(json, "utf8")) as { versions: { cost_usd: number }[]; items: { cost_usd: number }[] };
    expect(report.items.reduce((sum, item) => sum + item.cost_usd, 0)).toBeCloseTo(report.versions[0].cost_usd, 9);
    expect(report.versions[0].cost_usd).toBeLessThanOrEqual(0.08);
  });

  it("exits 2 on a usage error, naming what is wrong, and runs nothing", async () => {
    const bad = await cli("--questions", file("bad.csv"), "--model", "gatehouse/echo");
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/2 bad rows; nothing was run/);
    expect(bad.err).toMatch(/line 2, time_sensitive/);
    expect(bad.err).toMatch(/line 3, question/);

    const missing = await cli("--questions", file("nope.jsonl"), "--model", "gatehouse/echo");
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/--questions: cannot read .*nope\.jsonl/);

    const preset = await cli("--questions", file("questions.jsonl"), "--preset", "no-such-preset", "--versions", "1");
    expect(preset.code).toBe(2);
    expect(preset.err).toMatch(/no preset "no-such-preset"/);

    const version = await cli("--questions", file("questions.jsonl"), "--preset", "web-research", "--versions", "1,99");
    expect(version.code).toBe(2);
    expect(version.err).toMatch(/preset "web-research" has no version 99 \(it has 1, 2/);

    const flag = await cli("--questions", file("questions.jsonl"), "--model", "gatehouse/echo", "--repeats", "9");
    expect(flag.code).toBe(2);
    expect(flag.err).toMatch(/--repeats/);
  });
});
