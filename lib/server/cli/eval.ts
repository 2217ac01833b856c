import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { EvaluationVersion } from "@/lib/contract/bff/evaluation-plan";
import { aggregateVersion, type ScoredItem } from "@/lib/evaluations/aggregate";
import { CLI_LIMITS, parseEvaluationArgs, EVAL_USAGE, type EvaluationCliOptions } from "@/lib/evaluations/cli-args";
import { usesJudge } from "@/lib/evaluations/checks";
import { importQuestions } from "@/lib/evaluations/question-import";
import type { QuestionRow } from "@/lib/evaluations/questions";
import { checksForRow, evaluateRow } from "@/lib/evaluations/row-checks";
import { unresolvedMessage, unresolvedVariable } from "@/lib/evaluations/template";
import type { ReportItem, ReportVersion } from "@/lib/evaluations/report-json";
import { evaluateBaselineGate, type ItemVerdict } from "@/lib/evaluations/cli-regressions";
import { presetToResponsesRequest } from "@/lib/presets/to-responses-request";
import { appContext, closeAppContexts } from "../config/app-context";
import { resetServerEnv, serverEnv } from "../config/env";
import { HttpError } from "../http/errors";
import { sendEvaluationResponse } from "../services/evaluations";
import { readModelCatalog } from "../services/catalog";
import type { ModelListResponse } from "@/lib/contract/gateway";
import { readPreset, readPresetVersions } from "../services/presets";
import { chooseJudgeModel } from "../evaluations/judge-model";
import { readPricing } from "@/lib/evaluations/estimate";
import { checkPool } from "../evaluations/check-pool";
import { workForRun } from "../evaluations/run-work";
import { EvaluationRunner } from "../evaluations/runner";
import { lockStateFolder, planFingerprint, settleState, StateError, type StateFolder } from "./eval-state";
import { watchProgress } from "./eval-progress";
import { runOnServer } from "./eval-server";
import { EXIT_INTERRUPTED, report, resultOf, verdictOf, type CliIo } from "./eval-report";

export type { CliIo };

import { estimateRange } from "../evaluations/estimate-range";
import { itemCostsOf, sumItemCosts } from "../evaluations/item-costs";
import { withLedgerCost } from "@/lib/evaluations/cost-split";
import { formatUsdRange } from "@/lib/evaluations/runs/progress";

/** USD as the CLI prints it: four decimals under a dollar. */
const usdText = (usd: number) => `$${usd < 1 ? usd.toFixed(4) : usd.toFixed(2)}`;


/** A usage error: exit code 2 with the message. */
class UsageError extends Error {}

const noCharge = async () => {};

/**
 * The versions under test: each preset version expanded into its request settings, each model as is. With
 * --baseline, the baseline version too (first, unless --versions lists it already: then it is reused), and its id.
 */
async function resolveVersions(options: EvaluationCliOptions): Promise<{ versions: EvaluationVersion[]; baselineId: string | null }> {
  const versions: EvaluationVersion[] = [];
  let baselineId: string | null = null;
  if (options.preset) {
    const slug = options.preset;
    let all;
    try {
      all = await readPresetVersions(noCharge, slug);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw new UsageError(`--preset: the gateway has no preset "${slug}"`);
      throw error;
    }
    const numberOf = async (wanted: number | "designated", flag: string): Promise<number> => {
      if (wanted !== "designated") return wanted;
      const designated = (await readPreset(noCharge, slug)).designated_version;
      if (!designated) throw new UsageError(`${flag}: preset "${slug}" has no designated version`);
      return designated.version;
    };
    const versionOf = (number: number, flag: string): EvaluationVersion => {
      const version = all.find((candidate) => candidate.version === number);
      if (!version) throw new UsageError(`${flag}: preset "${slug}" has no version ${number} (it has ${all.map((v) => v.version).join(", ")})`);
      return { id: `@preset/${slug}@${number}`, label: `${slug} v${number}`, request: presetToResponsesRequest(version).fields };
    };
    for (const wanted of options.versions) versions.push(versionOf(await numberOf(wanted, "--versions"), "--versions"));
    if (options.baseline !== null) {
      const baseline = versionOf(await numberOf(options.baseline, "--baseline"), "--baseline");
      baselineId = baseline.id;
      if (!versions.some((version) => version.id === baseline.id)) versions.unshift(baseline);
      if (versions.length > CLI_LIMITS.targetsMax) throw new UsageError(`--baseline adds a version: at most ${CLI_LIMITS.targetsMax} versions and models in all`);
      if (versions.length + options.models.length < 2) throw new UsageError(`--baseline: the baseline is ${baseline.label}, the only version listed; name another in --versions to compare with it`);
    }
  }
  for (const model of options.models) versions.push({ id: model, label: model, request: { model } });
  return { versions, baselineId };
}

/**
 * Each version's and the judge's prices from the catalog, which every call's reserve is computed from (the same rule
 * as the dashboard's runs): a model the catalog cannot price is a usage error, since no reserve would bound it.
 */
function priceVersions(catalog: ModelListResponse, versions: EvaluationVersion[], judgeModel: string | undefined): EvaluationVersion["pricing"] {
  const priceOf = (model: unknown): EvaluationVersion["pricing"] => {
    const pricing = readPricing(catalog.data.find((entry) => entry.id === model)?.pricing);
    return pricing ? { prompt: pricing.promptUsdPerToken, completion: pricing.completionUsdPerToken, request: pricing.requestUsd, web_search: pricing.webSearchUsd } : undefined;
  };
  for (const version of versions) {
    version.pricing = priceOf(version.request.model);
    if (!version.pricing) throw new UsageError(`the catalog has no price for ${String(version.request.model)}, so what its answers may cost cannot be bounded`);
  }
  return priceOf(judgeModel);
}

/**
 * `npm run eval`: runs preset versions or models on a question file against a gateway (GATEWAY_URL and
 * GATEWAY_API_KEY, or an embedded one when unset) with no dashboard, through the same services, runner and
 * checks the dashboard uses, in the state folder's app database (eval-state.ts: kept while the run goes on, so a
 * cut run can be resumed). With --server it drives a running Gatehouse instead (eval-server.ts). Prints a table
 * per version and progress lines on stderr, writes the JSON, JUnit and Markdown reports, and returns the exit code
 * (`report`): 0 pass, 1 below --min-pass or a regression against --baseline, 2 on a usage or infrastructure error,
 * 130 when interrupted.
 */
export async function runEvaluationCli(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseEvaluationArgs(argv);
  if (!parsed.ok) {
    io.err(`gatehouse eval: ${parsed.message}\n${EVAL_USAGE}\n`);
    return 2;
  }
  if (parsed.help) {
    io.out(`${EVAL_USAGE}\n`);
    return 0;
  }
  const options = parsed.options;
  let text: string;
  try {
    text = await io.readFile(options.questions.path);
  } catch (error) {
    io.err(`gatehouse eval: --questions: cannot read ${options.questions.path}: ${(error as Error).message}\n`);
    return 2;
  }
  const imported = await importQuestions(text, options.questions.format);
  if (!imported.ok) {
    const lines = imported.errors.map((error) => `  line ${error.line}, ${error.field}: ${error.message}`);
    const more = imported.error_count > imported.errors.length ? `\n  … and ${imported.error_count - imported.errors.length} more` : "";
    io.err(`gatehouse eval: ${options.questions.path} has ${imported.error_count} bad rows; nothing was run:\n${lines.join("\n")}${more}\n`);
    return 2;
  }
  const rows: QuestionRow[] = imported.rows;
  if (rows.length === 0) {
    io.err(`gatehouse eval: ${options.questions.path} has no questions\n`);
    return 2;
  }

  if (options.server) return runOnServer(options, rows, text, io);

  const workDir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-eval-"));
  let embedded: { close(): Promise<void> } | null = null;
  let state: StateFolder | null = null;
  let finished = false;
  const saved = { ...process.env };
  try {
    state = lockStateFolder(options.stateDir);
    let gatewayUrl = io.env.GATEWAY_URL?.trim();
    let apiKey = io.env.GATEWAY_API_KEY?.trim();
    if (gatewayUrl) {
      if (!apiKey) throw new UsageError("GATEWAY_API_KEY is required with GATEWAY_URL");
    } else {
      const gateway = await io.startEmbeddedGateway(path.join(workDir, "gateway"));
      embedded = gateway;
      gatewayUrl = gateway.baseUrl;
      apiKey = gateway.apiKey;
      io.err(`gatehouse eval: GATEWAY_URL is unset; using an embedded gateway with demo data\n`);
    }
    // The dashboard's own services, pointed at this gateway and the state folder's database: never a team's DATABASE_URL.
    Object.assign(process.env, {
      GATEWAY_URL: gatewayUrl,
      GATEWAY_API_KEY: apiKey,
      GATEWAY_MANAGEMENT_KEY: "",
      GATEHOUSE_MODE: "remote",
      DATA_DIR: state.dir,
      DATABASE_URL: "",
      AUTH_SECRET: randomBytes(32).toString("hex"),
      GATEHOUSE_ENV_FILE: "none",
      EVAL_JUDGE_MODEL: io.env.EVAL_JUDGE_MODEL ?? "",
    });
    resetServerEnv();
    const { versions, baselineId } = await resolveVersions(options);
    const unresolved = unresolvedVariable(versions, rows);
    if (unresolved) throw new UsageError(`--questions: ${unresolvedMessage(unresolved)}`);
    const catalog = await readModelCatalog(noCharge);
    let judgeModel: string | undefined;
    try {
      judgeModel = chooseJudgeModel({
        requested: options.judgeModel ?? undefined,
        configured: serverEnv().EVAL_JUDGE_MODEL,
        listed: new Set(catalog.data.map((entry) => entry.id)),
        needed: rows.some((row) => checksForRow(options.checks, row).some((entry) => usesJudge(entry.check))),
        field: "--judge-model",
      });
    } catch (error) {
      if (error instanceof HttpError) throw new UsageError(error.message);
      throw error;
    }
    const judgePricing = priceVersions(catalog, versions, judgeModel);
    const plan = { versions, repeats: options.repeats, concurrency: options.concurrency, checks: options.checks, judge_model: judgeModel, judge_threshold: options.judgeThreshold ?? undefined, judge_pricing: judgePricing };
    // What the answers depend on: a resumed run must ask the same (concurrency and the cap may change between tries).
    const fingerprint = planFingerprint({ rows, versions, repeats: plan.repeats, checks: plan.checks, judge_model: plan.judge_model, judge_threshold: plan.judge_threshold });
    const capUsd = options.maxCostUsd ?? serverEnv().EVAL_MAX_COST_PER_RUN_USD;
    const answers = rows.length * versions.length * options.repeats;
    const range = estimateRange({ versions, rows, repeats: options.repeats, checks: options.checks, judgePricing, capUsd });
    io.err(`gatehouse eval: estimated ${formatUsdRange(range.low_usd, range.high_usd, usdText)} (low: short answers; high: every call at its reserve)\n`);
    if (range.high_usd > capUsd) io.err(`gatehouse eval: the cap of ${usdText(capUsd)} is below the estimate's high end: runs what fits (at least ${range.fits_items} of ${answers} answers) and stops at the cap\n`);
    if (options.dryRun) {
      io.out(`${answers} answers, estimated ${formatUsdRange(range.low_usd, range.high_usd, usdText)}, cap ${usdText(capUsd)}; --dry-run: nothing was run\n`);
      return 0;
    }
    await closeAppContexts();
    settleState(state, fingerprint, options.resume, (note) => io.err(`gatehouse eval: ${note}\n`));
    const context = await appContext();
    const setId = "cli";
    const runId = "cli-run";
    const items = rows.flatMap((_, question) =>
      versions.flatMap((__, version) => Array.from({ length: options.repeats }, (___, repeat) => ({ version_index: version, question_index: question, repeat_index: repeat }))),
    );
    if (!state.resumed) {
      await context.questionSets.create({ id: setId, name: path.basename(options.questions.path), rows, userEmail: "cli" });
      await context.evaluationRuns.create({ id: runId, userId: "cli", setId, setVersion: 1, plan, capUsd, itemReserveUsd: 0, items });
      state.begin(fingerprint);
      io.err(`gatehouse eval: ${items.length} answers to get (${rows.length} questions × ${versions.length} versions × ${options.repeats} repeats); state in ${state.dir}\n`);
    } else {
      const ended = (await context.evaluationRuns.progress(runId)).filter((row) => row.status === "done" || row.status === "failed").reduce((sum, row) => sum + row.count, 0);
      io.err(`gatehouse eval: --resume: ${ended} of ${items.length} answers are kept from the cut run; getting the other ${items.length - ended}\n`);
    }
    const runner = new EvaluationRunner({
      store: context.evaluationRuns,
      instanceId: "cli",
      pollMs: 100,
      // Short, so a resumed run takes back the answers a crashed run had in flight within seconds.
      leaseMs: CLI_LEASE_MS,
      // Every call reserves its request's upper bound at its claim, against --max-cost: the dashboard's rule.
      workFor: (id) => workForRun(context.evaluationRuns, context.questionSets, sendEvaluationResponse, id, "cli"),
      onError: (error) => io.err(`gatehouse eval: ${error instanceof Error ? error.message : String(error)}\n`),
    });
    const startedAt = Date.now();
    const progress = watchProgress(context.evaluationRuns, runId, items.length, io.progressMs ?? 1_000, (line) => io.err(`gatehouse eval: ${line}\n`));
    runner.start();
    const cut = await untilIdleOrAborted(runner, runId, io.signal);
    await runner.stop();
    await progress.stop();
    if (cut) {
      io.err(`gatehouse eval: interrupted; what is answered is kept in ${state.dir}: run the same command with --resume to go on\n`);
      return EXIT_INTERRUPTED;
    }
    const wallMs = Date.now() - startedAt;
    const run = await context.evaluationRuns.get(runId);
    let stopped: string | null = null;
    if (run?.status === "stopped") {
      stopped = run.stop_reason === "cap" ? `at the spending cap of $${capUsd}` : (run.stop_reason ?? "stopped");
    }

    // Every figure the CLI prints and writes is the ledger's, per answer: settled costs, and reserves kept for unknown outcomes.
    const costs = await itemCostsOf(context.ledger, runId);
    const spent = sumItemCosts(costs.values());
    const stored = await context.evaluationRuns.items(runId, { limit: 5_000 });
    const more = items.length > 5_000 ? await context.evaluationRuns.items(runId, { offset: 5_000, limit: items.length }) : [];
    if (run?.status === "stopped") {
      const notRun = [...stored, ...more].filter((item) => item.status === "cancelled" || item.status === "pending").length;
      const why = run.stop_reason === "cap" ? `at the spending cap of ${usdText(capUsd)} (the next answer's upper bound would have passed it)` : `(${run.stop_reason ?? "stopped"})`;
      io.err(`gatehouse eval: stopped ${why}: ${notRun} of ${items.length} answers not run, counted as failed\n`);
    }
    const unknown = spent.unknown_usd > 0 ? ` (${usdText(spent.unknown_usd)} of it reserves kept for calls whose cost was not reported)` : "";
    io.err(`gatehouse eval: spent ${usdText(spent.total_usd)} of the estimated ${formatUsdRange(range.low_usd, range.high_usd, usdText)}${unknown}\n`);

    const reportItems: ReportItem[] = [];
    const verdicts: Array<{ version: string; question_index: number; repeat_index: number; verdict: ItemVerdict }> = [];
    const scored: ScoredItem[][] = versions.map(() => []);
    for (const item of [...stored, ...more]) {
      const cost = costs.get(item.position);
      const result = cost ? withLedgerCost(resultOf({ ...item, cost_usd: cost.total_usd }), cost) : resultOf(item);
      const checks = (item.checks as ScoredItem["checks"] | null) ?? (await evaluateRow(result, options.checks, rows[item.question_index], { local: checkPool().run }));
      scored[item.version_index].push({ result, checks });
      reportItems.push({ question: rows[item.question_index].question, version: versions[item.version_index].id, repeat: item.repeat_index + 1, result, checks });
      verdicts.push({ version: versions[item.version_index].id, question_index: item.question_index, repeat_index: item.repeat_index, verdict: verdictOf(result, checks) });
    }
    const reportVersions: ReportVersion[] = versions.map((version, index) => ({ id: version.id, aggregate: aggregateVersion(scored[index]) }));
    const baselineGate =
      baselineId !== null && options.regressions !== null
        ? evaluateBaselineGate(verdicts, baselineId, versions.map((version) => version.id).filter((id) => id !== baselineId), options.regressions)
        : null;
    return await report({ io, options, rows, reportVersions, reportItems, baselineGate, wallMs, stopped, finish: () => (finished = true) });
  } catch (error) {
    if (error instanceof UsageError || error instanceof StateError) {
      io.err(`gatehouse eval: ${error.message}\n`);
      return 2;
    }
    // The gateway away, the disk full: an infrastructure error, exit 2 (the state stays for --resume).
    io.err(`gatehouse eval: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  } finally {
    await closeAppContexts();
    await embedded?.close();
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    resetServerEnv();
    rmSync(workDir, { recursive: true, force: true });
    if (finished) state?.finish();
    else state?.release();
  }
}

/** How long a CLI claim holds without renewal (renewed every third of it). */
const CLI_LEASE_MS = 5_000;

/** Resolves false when the run is idle, true when the signal came first. */
async function untilIdleOrAborted(runner: EvaluationRunner, runId: string, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return true;
  let onAbort: (() => void) | null = null;
  const aborted = new Promise<true>((resolve) => {
    onAbort = () => resolve(true);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([runner.idle(runId).then(() => false), aborted]);
  } finally {
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
}


