import path from "node:path";
import type { BaselineGate, ItemVerdict } from "@/lib/evaluations/cli-regressions";
import type { ScoredItem } from "@/lib/evaluations/aggregate";
import type { EvaluationCliOptions } from "@/lib/evaluations/cli-args";
import type { QuestionRow } from "@/lib/evaluations/questions";
import { buildJsonReport, evaluateGate, type ReportItem, type ReportVersion } from "@/lib/evaluations/report-json";
import { buildGateMarkdown } from "@/lib/evaluations/report-gate-markdown";
import { buildJunitXml } from "@/lib/evaluations/report-junit";
import { formatVersionTable } from "@/lib/evaluations/report-table";
import type { ItemResult } from "../evaluations/item-call";

/* The end of every `npm run eval`, local or --server: the reports, the gates, the exit code. */

/** What the CLI touches outside itself: its output streams, files and settings (tests pass their own). */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readFile(file: string): Promise<string>;
  writeFile(file: string, text: string): Promise<void>;
  env: Record<string, string | undefined>;
  /** Starts the embedded gateway when GATEWAY_URL is unset (kept out of this module's imports for the layers). */
  startEmbeddedGateway(dataDir: string): Promise<{ baseUrl: string; apiKey: string; close(): Promise<void> }>;
  /** Aborted on Ctrl-C: the run stops where it is, its state kept for --resume. */
  signal?: AbortSignal;
  /** How often a progress line may be printed (ms; 1,000 when unset). */
  progressMs?: number;
  /** fetch for --server (tests may pass their own; the global one otherwise). */
  fetch?: typeof fetch;
}

/** The exit code of a run cut by Ctrl-C (128 + SIGINT, as shells report it). */
export const EXIT_INTERRUPTED = 130;

export interface ReportInput {
  io: CliIo;
  options: EvaluationCliOptions;
  rows: readonly QuestionRow[];
  reportVersions: ReportVersion[];
  reportItems: ReportItem[];
  baselineGate: BaselineGate | null;
  wallMs: number;
  stopped: string | null;
  /** Called once the reports are written: the run is over and its state folder may go. */
  finish(): void;
}

/**
 * Prints the table, writes the reports and returns the exit code: 1 when a version is below --min-pass or a question
 * regressed against the baseline; 2 when the baseline gate cannot be decided because answers failed with errors
 * (an outage must not pass a gate, nor be called a regression); 0 otherwise.
 */
export async function report(input: ReportInput): Promise<number> {
  const { io, options, reportVersions, reportItems, baselineGate } = input;
  io.out(`${formatVersionTable(reportVersions)}\n`);
  if (options.jsonPath) {
    const json = { ...buildJsonReport(reportVersions, reportItems, options.minPass), ...(baselineGate ? { baseline_gate: baselineGate } : {}) };
    await io.writeFile(options.jsonPath, `${JSON.stringify(json, null, 2)}\n`);
  }
  if (options.junitPath) await io.writeFile(options.junitPath, buildJunitXml(reportVersions, reportItems, { wallMs: input.wallMs }));
  const gate = evaluateGate(reportVersions, options.minPass);
  if (options.markdownPath) {
    const title = options.preset ? `Evaluation of ${options.preset} on ${path.basename(options.questions.path)}` : `Evaluation on ${path.basename(options.questions.path)}`;
    await io.writeFile(options.markdownPath, buildGateMarkdown({ title, questions: input.rows.map((row) => row.question), versions: reportVersions, minPass: gate, baseline: baselineGate, stopped: input.stopped }));
  }
  input.finish();
  if (!gate.passed) io.err(`gatehouse eval: below --min-pass ${options.minPass}: ${gate.failing.join(", ")}\n`);
  if (baselineGate) {
    const { k, n } = baselineGate.rule;
    for (const r of baselineGate.regressions.slice(0, 20)) {
      io.err(`gatehouse eval: regression: question ${r.question_index + 1} passed on ${baselineGate.baseline}, failed on ${r.candidate} in ${r.regressed_repeats} of ${n} repeats\n`);
    }
    if (baselineGate.regressions.length > 0) {
      io.err(`gatehouse eval: ${baselineGate.regressions.length} regression(s) against ${baselineGate.baseline} (--regressions ${k}/${n})\n`);
      return 1;
    }
    if (baselineGate.undecided.length > 0) {
      io.err(`gatehouse eval: ${baselineGate.undecided.length} question(s) could not be compared with ${baselineGate.baseline}: answers failed with errors; the gate is undecided\n`);
      return gate.passed ? 2 : 1;
    }
  }
  return gate.passed ? 0 : 1;
}

/** A failed item as the checks and reports read it: no answer, the error in the contract's shape. */
export function resultOf(item: { result: unknown; error: unknown; cost_usd: number | null }): ItemResult {
  if (item.result) return item.result as ItemResult;
  const error = item.error as { status: number; message: string; code: string | null } | null;
  return {
    answer: "",
    citations: [],
    sources: [],
    searches: [],
    model: null,
    response_id: null,
    usage: null,
    cost_usd: item.cost_usd ?? 0,
    ttft_ms: null,
    latency_ms: 0,
    status: "failed",
    incomplete_reason: null,
    error: { code: error?.status ?? 500, message: error?.message ?? "The item did not run" },
  };
}


/** An answer's verdict for the baseline gate: an error decides nothing, a pass needs every check to pass. */
export function verdictOf(result: ItemResult, checks: ScoredItem["checks"]): ItemVerdict {
  if (result.error) return "error";
  return checks.every((check) => check.passed) ? "passed" : "failed";
}
