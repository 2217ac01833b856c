import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "@/lib/contract/gateway/presets";
import { parseCheck } from "./check-spelling";
import { CHECK_LIMITS, type CheckSpec } from "./checks";
import { defaultRegressionRule, parseRegressionRule, type RegressionRule } from "./cli-regressions";
import { formatFromFileName, type QuestionFileFormat } from "./question-file-format";

/*
 * `npm run eval -- ...` arguments, parsed without touching the disk or the network. A usage
 * error comes back as a message naming the flag and the value; the caller prints it and exits 2.
 */

/** @public API of lib/evaluations for the runner, pages and CLI. */
export const CLI_LIMITS = {
  targetsMax: 4,
  repeatsMax: 3,
  concurrencyMax: 16,
  concurrencyDefault: 4,
  modelIdMaxChars: 200,
  pathMaxChars: 4_096,
  costMaxUsd: 10_000,
} as const;

export interface EvaluationCliOptions {
  questions: { path: string; format: QuestionFileFormat };
  preset: string | null;
  /** Preset version numbers, or "designated" for the preset's designated version. */
  versions: Array<number | "designated">;
  models: string[];
  checks: CheckSpec[];
  repeats: number;
  concurrency: number;
  minPass: number | null;
  jsonPath: string | null;
  junitPath: string | null;
  maxCostUsd: number | null;
  /** --judge-model; null: EVAL_JUDGE_MODEL, else the gateway's demo judge when it lists one. */
  judgeModel: string | null;
  /** --judge-threshold: the pass threshold of graded checks that name none. */
  judgeThreshold: number | null;
  /** --baseline: the preset version the others are compared with (run too, or reused when listed in --versions). */
  baseline: number | "designated" | null;
  /** --regressions k/n (a majority of the repeats by default); null without --baseline. */
  regressions: RegressionRule | null;
  markdownPath: string | null;
  /** --resume: go on with the unfinished run kept in the state folder. */
  resume: boolean;
  /** --state: the state folder (DEFAULT_STATE_DIR when not given). */
  stateDir: string;
  /** --server: a running Gatehouse to drive over HTTP (token from GATEHOUSE_TOKEN). */
  server: string | null;
  /** --dry-run: print the estimate (a range from the real requests) and run nothing. */
  dryRun: boolean;
}

/** Where a local run keeps its state while it runs (its database of finished items and its plan's fingerprint). */
const DEFAULT_STATE_DIR = ".gatehouse-eval";

export type EvaluationCliParse = { ok: true; help: true } | { ok: true; help: false; options: EvaluationCliOptions } | { ok: false; message: string };

/** @public API of lib/evaluations for the runner, pages and CLI. */
export const EVAL_USAGE = `Usage: npm run eval -- --questions <file.jsonl|file.csv> (--preset <slug> --versions <a,b> | --model <id>...)
  [--check <kind>:<arg>]... [--repeats 1-3] [--concurrency 1-16] [--min-pass 0..1]
  [--json <out.json>] [--junit <out.xml>] [--max-cost <usd>] [--judge-model <id>] [--judge-threshold 0..1]
  [--baseline designated|<version> [--regressions k/n]] [--markdown <out.md>] [--resume] [--state <dir>]
  [--server <url>]  (with GATEHOUSE_TOKEN set to a personal access token)  [--dry-run]
--dry-run prints the estimate ($low–$high from the real requests) and runs nothing. A --max-cost below the
  estimate runs what fits and stops at the cap, saying how many answers it left; those count as failed in the
  pass rate (with --min-pass: exit 1 when that takes a version below it).
Check kinds: contains, contains-i, not-contains, not-contains-i, pattern, cites-domain, no-domain,
  allowed-domains, min-citations, max-cost, max-latency-ms, min-length, max-length, judge, expected,
  expected-terms, citation-support
A question row may carry its own checks (a checks column or array) and vars ({{name}} in the preset);
--judge-model defaults to EVAL_JUDGE_MODEL.`;

const SINGLE = [
  "--questions", "--preset", "--versions", "--repeats", "--concurrency", "--min-pass", "--json", "--junit", "--max-cost", "--judge-model", "--judge-threshold",
  "--baseline", "--regressions", "--markdown", "--state", "--server",
] as const;
const REPEATED = ["--model", "--check"] as const;
/** Flags without a value. */
const SWITCHES = ["--resume", "--dry-run"] as const;
type Flag = (typeof SINGLE)[number] | (typeof REPEATED)[number] | (typeof SWITCHES)[number];

const isFlag = (name: string): name is Flag =>
  (SINGLE as readonly string[]).includes(name) || (REPEATED as readonly string[]).includes(name) || (SWITCHES as readonly string[]).includes(name);
const isSwitch = (name: string) => (SWITCHES as readonly string[]).includes(name);

const usage = (message: string): EvaluationCliParse => ({ ok: false, message });
const shown = (value: string) => JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);

function intIn(flag: string, raw: string, min: number, max: number): number | string {
  if (!/^\d{1,6}$/.test(raw)) return `${flag} must be a whole number from ${min} to ${max}, not ${shown(raw)}`;
  const n = Number(raw);
  return n < min || n > max ? `${flag} must be from ${min} to ${max}, not ${n}` : n;
}

function decimalIn(flag: string, raw: string, min: number, max: number): number | string {
  if (!/^\d{1,10}(\.\d{1,12})?$/.test(raw) && !/^\.\d{1,12}$/.test(raw)) return `${flag} must be a number from ${min} to ${max}, not ${shown(raw)}`;
  const n = Number(raw);
  return n < min || n > max ? `${flag} must be from ${min} to ${max}, not ${raw}` : n;
}

function outputPath(flag: string, raw: string): string | null {
  return raw.trim() === "" || raw.length > CLI_LIMITS.pathMaxChars || raw.includes("\u0000") ? `${flag} needs a file path` : null;
}

/** Reads `--flag value` and `--flag=value` pairs into single and repeated values. */
function collect(argv: readonly string[]): { single: Map<string, string>; repeated: Map<string, string[]>; switches: Set<string>; help: boolean } | string {
  const single = new Map<string, string>();
  const switches = new Set<string>();
  const repeated = new Map<string, string[]>([["--model", []], ["--check", []]]);
  let help = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      help = true;
      continue;
    }
    if (!arg.startsWith("--")) return `unexpected argument ${shown(arg)} (flags start with --)`;
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg : arg.slice(0, eq);
    if (!isFlag(name)) return `unknown flag ${name}`;
    if (isSwitch(name)) {
      if (eq >= 0) return `${name} takes no value`;
      if (switches.has(name)) return `${name} is given twice`;
      switches.add(name);
      continue;
    }
    let value: string;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      if (i + 1 >= argv.length || (argv[i + 1].startsWith("--") && argv[i + 1] !== "--")) return `${name} needs a value`;
      value = argv[i + 1];
      i += 1;
    }
    const list = repeated.get(name);
    if (list) list.push(value);
    else if (single.has(name)) return `${name} is given twice`;
    else single.set(name, value);
  }
  return { single, repeated, switches, help };
}

function parseVersions(raw: string): Array<number | "designated"> | string {
  const parts = raw.split(",").map((p) => p.trim());
  const out: Array<number | "designated"> = [];
  for (const part of parts) {
    if (part === "designated") out.push(part);
    else if (/^[1-9]\d{0,8}$/.test(part)) out.push(Number(part));
    else return `--versions must list version numbers (or "designated") separated by commas, not ${shown(part)}`;
  }
  if (new Set(out).size !== out.length) return "--versions lists a version twice";
  return out;
}

export function parseEvaluationArgs(argv: readonly string[]): EvaluationCliParse {
  const collected = collect(argv);
  if (typeof collected === "string") return usage(collected);
  const { single, repeated, switches, help } = collected;
  if (help) return { ok: true, help: true };

  const questionsPath = single.get("--questions");
  if (questionsPath === undefined) return usage("--questions is required (a .jsonl or .csv file)");
  const format = formatFromFileName(questionsPath);
  if (format === null || questionsPath.length > CLI_LIMITS.pathMaxChars) return usage(`--questions must name a .jsonl or .csv file, not ${shown(questionsPath)}`);

  const preset = single.get("--preset") ?? null;
  if (preset !== null && (preset.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(preset))) return usage(`--preset is not a preset slug: ${shown(preset)}`);
  const versionsRaw = single.get("--versions");
  let versions: Array<number | "designated"> = [];
  if (versionsRaw !== undefined) {
    if (preset === null) return usage("--versions needs --preset");
    const parsed = parseVersions(versionsRaw);
    if (typeof parsed === "string") return usage(parsed);
    versions = parsed;
  } else if (preset !== null) {
    return usage("--preset needs --versions (e.g. --versions 3,4 or --versions designated)");
  }

  const models = repeated.get("--model") ?? [];
  for (const model of models) {
    if (model.trim() === "" || model.length > CLI_LIMITS.modelIdMaxChars || /\s/.test(model)) return usage(`--model is not a model id: ${shown(model)}`);
  }
  if (versions.length + models.length === 0) return usage("name what to evaluate: --preset <slug> --versions <a,b>, or --model <id>");
  if (versions.length + models.length > CLI_LIMITS.targetsMax) return usage(`at most ${CLI_LIMITS.targetsMax} versions and models in all, not ${versions.length + models.length}`);

  const checkSpellings = repeated.get("--check") ?? [];
  if (checkSpellings.length > CHECK_LIMITS.checksMax) return usage(`at most ${CHECK_LIMITS.checksMax} --check flags`);
  const checks: CheckSpec[] = [];
  for (const spelling of checkSpellings) {
    const parsed = parseCheck(spelling);
    if (!parsed.ok) return usage(`--${parsed.message}`);
    checks.push(parsed.check);
  }

  const numbers: Record<string, number | string | null> = {
    repeats: single.has("--repeats") ? intIn("--repeats", single.get("--repeats") ?? "", 1, CLI_LIMITS.repeatsMax) : 1,
    concurrency: single.has("--concurrency") ? intIn("--concurrency", single.get("--concurrency") ?? "", 1, CLI_LIMITS.concurrencyMax) : CLI_LIMITS.concurrencyDefault,
    minPass: single.has("--min-pass") ? decimalIn("--min-pass", single.get("--min-pass") ?? "", 0, 1) : null,
    maxCost: single.has("--max-cost") ? decimalIn("--max-cost", single.get("--max-cost") ?? "", 0, CLI_LIMITS.costMaxUsd) : null,
    judgeThreshold: single.has("--judge-threshold") ? decimalIn("--judge-threshold", single.get("--judge-threshold") ?? "", 0, 1) : null,
  };
  const judgeModel = single.get("--judge-model") ?? null;
  if (judgeModel !== null && (judgeModel.trim() === "" || judgeModel.length > CLI_LIMITS.modelIdMaxChars || /\s/.test(judgeModel))) return usage(`--judge-model is not a model id: ${shown(judgeModel)}`);
  for (const value of Object.values(numbers)) if (typeof value === "string") return usage(value);

  const jsonPath = single.get("--json") ?? null;
  const junitPath = single.get("--junit") ?? null;
  const markdownPath = single.get("--markdown") ?? null;
  const stateDir = single.get("--state") ?? null;
  for (const [flag, path] of [["--json", jsonPath], ["--junit", junitPath], ["--markdown", markdownPath], ["--state", stateDir]] as const) {
    const problem = path === null ? null : outputPath(flag, path);
    if (problem) return usage(problem);
  }

  const gate = parseBaseline(single, preset, numbers.repeats as number);
  if (typeof gate === "string") return usage(gate);
  const serverParsed = single.has("--server") ? parseServerUrl(single.get("--server") ?? "") : null;
  if (typeof serverParsed === "string") return usage(serverParsed);
  const server = serverParsed?.url ?? null;
  const resume = switches.has("--resume");
  const dryRun = switches.has("--dry-run");
  if (server !== null && resume) return usage("--resume is for local runs: with --server the run goes on on the server by itself");
  if (server !== null && stateDir !== null) return usage("--state is for local runs, not with --server");

  return {
    ok: true,
    help: false,
    options: {
      questions: { path: questionsPath, format },
      preset,
      versions,
      models,
      checks,
      repeats: numbers.repeats as number,
      concurrency: numbers.concurrency as number,
      minPass: numbers.minPass as number | null,
      jsonPath,
      junitPath,
      maxCostUsd: numbers.maxCost as number | null,
      judgeModel,
      judgeThreshold: numbers.judgeThreshold as number | null,
      baseline: gate.baseline,
      regressions: gate.regressions,
      markdownPath,
      resume,
      stateDir: stateDir ?? DEFAULT_STATE_DIR,
      server,
      dryRun,
    },
  };
}

/** --baseline and --regressions: a preset version to compare with, and how many repeats make a regression. */
function parseBaseline(single: Map<string, string>, preset: string | null, repeats: number): { baseline: number | "designated" | null; regressions: RegressionRule | null } | string {
  const raw = single.get("--baseline");
  const rule = single.get("--regressions");
  if (raw === undefined) return rule === undefined ? { baseline: null, regressions: null } : "--regressions needs --baseline";
  if (preset === null) return "--baseline needs --preset (the baseline is a version of that preset)";
  let baseline: number | "designated";
  if (raw === "designated") baseline = raw;
  else if (/^[1-9]\d{0,8}$/.test(raw)) baseline = Number(raw);
  else return `--baseline must be "designated" or a version number, not ${shown(raw)}`;
  if (rule === undefined) return { baseline, regressions: defaultRegressionRule(repeats) };
  const parsed = parseRegressionRule(rule, repeats);
  return typeof parsed === "string" ? parsed : { baseline, regressions: parsed };
}

/**
 * --server: an http(s) URL without credentials in it (the token comes from GATEHOUSE_TOKEN, never a flag). The value
 * is not echoed in errors: it might carry a secret someone put there.
 */
function parseServerUrl(raw: string): { url: string } | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "--server must be an http(s) URL such as https://gatehouse.example.com";
  }
  if (raw.length > CLI_LIMITS.pathMaxChars || (url.protocol !== "http:" && url.protocol !== "https:")) return "--server must be an http(s) URL such as https://gatehouse.example.com";
  if (url.username || url.password) return "--server must not carry credentials: set GATEHOUSE_TOKEN instead";
  if (url.search || url.hash) return "--server must be the dashboard's address, without a query or fragment";
  return { url: url.href.replace(/\/+$/, "") };
}
