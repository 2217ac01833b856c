import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { startCountingProxy } from "../testing/counting-proxy";
import { runEvaluationCli, type CliIo } from "./eval";

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

let states = 0;

/**
 * Runs the CLI against the test gateway (as GATEWAY_URL would, or `options.gatewayUrl`), collecting what it prints;
 * its state folder is a fresh one in the test's folder unless the arguments name one.
 */
async function cli(...argv: string[]) {
  return cliWith({}, ...argv);
}

async function cliWith(options: { gatewayUrl?: string; signal?: AbortSignal; onErr?: (text: string) => void }, ...argv: string[]) {
  let out = "";
  let err = "";
  const io: CliIo = {
    out: (text) => void (out += text),
    err: (text) => {
      err += text;
      options.onErr?.(text);
    },
    readFile: (file) => readFile(file, "utf8"),
    writeFile: (file, text) => writeFile(file, text),
    env: { GATEWAY_URL: options.gatewayUrl ?? gateway.baseUrl, GATEWAY_API_KEY: gateway.apiKey },
    startEmbeddedGateway: () => Promise.reject(new Error("GATEWAY_URL is set: no embedded gateway")),
    signal: options.signal,
    progressMs: 50,
  };
  const stateArgs = argv.some((arg) => arg.startsWith("--state")) ? [] : ["--state", path.join(dir, `state-${(states += 1)}`)];
  const code = await runEvaluationCli([...argv, ...stateArgs], io);
  return { code, out, err };
}

/** Saves a version of a preset on the test gateway (each save is a new version, and the designated one). */
async function savePresetVersion(slug: string, model: string) {
  const saved = await fetch(`${gateway.baseUrl}/presets/${slug}/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${gateway.managementKey}`, "content-type": "application/json" },
    body: JSON.stringify({ model, messages: [{ role: "user", content: "Hi" }] }),
  });
  expect(saved.status).toBe(200);
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

  it("gates against a baseline: exit 1 with a regression (named, in the Markdown summary), 0 without", async () => {
    // v1 and v3 echo the question; v2 (swift) answers at length: a short answer goes from pass to fail on both questions.
    await savePresetVersion("gate-demo", "gatehouse/echo");
    await savePresetVersion("gate-demo", "gatehouse/swift");
    await savePresetVersion("gate-demo", "gatehouse/echo");
    const markdown = file("gate.md");
    const json = file("gate.json");
    const planted = await cli(
      "--questions", file("questions.jsonl"), "--preset", "gate-demo", "--versions", "2", "--baseline", "1", "--check", "max-length:80",
      "--markdown", markdown, "--json", json,
    );
    expect(planted.code, planted.err + planted.out).toBe(1);
    expect(planted.err).toMatch(/regression: question 1 passed on @preset\/gate-demo@1, failed on @preset\/gate-demo@2 in 1 of 1 repeats/);
    expect(planted.out).toMatch(/@preset\/gate-demo@1/);
    const md = readFileSync(markdown, "utf8");
    expect(md.indexOf("## Regressions")).toBeLessThan(md.indexOf("## Totals"));
    expect(md).toMatch(/\| 1 \| How does keyset pagination work\\\? \| `@preset\/gate-demo@2` \| passed \| failed \|/);
    const report = JSON.parse(readFileSync(json, "utf8")) as { baseline_gate: { regressions: unknown[] } };
    expect(report.baseline_gate.regressions).toHaveLength(2);

    // The designated version (v3, echo) against v1 (echo): nothing regressed.
    const clean = await cli("--questions", file("questions.jsonl"), "--preset", "gate-demo", "--versions", "1", "--baseline", "designated", "--check", "max-length:80", "--markdown", markdown);
    expect(clean.code).toBe(0);
    expect(readFileSync(markdown, "utf8")).toMatch(/\*\*Passed:\*\* no question went from pass to fail/);
  });

  it("prints progress lines on stderr only, and keeps no state folder after a finished run", async () => {
    const state = file("state-progress");
    const { code, out, err } = await cli("--questions", file("questions.jsonl"), "--model", "gatehouse/swift", "--repeats", "2", "--state", state);
    expect(code).toBe(0);
    expect(err).toMatch(/gatehouse eval: 4\/4 answered, \$\d+\.\d{4} spent/);
    expect(out).not.toMatch(/answered/);
    expect(() => readFileSync(path.join(state, "plan.json"))).toThrow();
  });

  it("resumes a cut run without asking the gateway again for what it has, and refuses another plan", async () => {
    const proxy = await startCountingProxy(gateway.baseUrl);
    const state = file("state-resume");
    const rows = Array.from({ length: 6 }, (_, index) => JSON.stringify({ question: `How does keyset pagination work? (${index})` }));
    writeFileSync(file("six.jsonl"), rows.join("\n"));
    const args = ["--questions", file("six.jsonl"), "--model", "gatehouse/swift", "--concurrency", "1", "--state", state];
    try {
      // Slow answers, so Ctrl-C lands mid-run.
      await fetch(`${gateway.baseUrl}/__faults`, {
        method: "POST",
        headers: { authorization: `Bearer ${gateway.managementKey}`, "content-type": "application/json" },
        body: JSON.stringify({ path: "/responses", count: 1000, latency_ms: 150 }),
      });
      const controller = new AbortController();
      const cut = await cliWith({ gatewayUrl: proxy.baseUrl, signal: controller.signal, onErr: (text) => /[2-5]\/6 answered/.test(text) && controller.abort() }, ...args);
      expect(cut.code).toBe(130);
      expect(cut.err).toMatch(/run the same command with --resume/);
      const other = await cliWith({ gatewayUrl: proxy.baseUrl }, ...args, "--resume", "--check", "contains:x");
      expect(other.code).toBe(2);
      expect(other.err).toMatch(/--resume: the unfinished run in .* was started with another plan/);
      // Counted after the refused run: the call Ctrl-C aborted may reach the proxy a moment after the cut.
      const firstCalls = proxy.count("POST", "/responses");
      expect(firstCalls).toBeLessThanOrEqual(6);

      const resumed = await cliWith({ gatewayUrl: proxy.baseUrl }, ...args, "--resume");
      expect(resumed.code).toBe(0);
      const kept = Number(/--resume: (\d+) of 6 answers are kept/.exec(resumed.err)?.[1]);
      expect(kept).toBeGreaterThanOrEqual(2);
      // Only what the cut run had not finished is asked again: no answer is paid twice.
      expect(proxy.count("POST", "/responses") - firstCalls).toBe(6 - kept);
      expect(resumed.err).toMatch(/6\/6 answered/);
    } finally {
      await fetch(`${gateway.baseUrl}/__faults`, { method: "DELETE", headers: { authorization: `Bearer ${gateway.managementKey}` } });
      await proxy.close();
    }
  });
});
