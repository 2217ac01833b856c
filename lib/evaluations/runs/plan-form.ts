/**
 * The "New run" form's state and its checks, pure so they are unit-tested and the page stays small: what the
 * URL prefills, what each field must hold, and the request body (POST /api/evaluations/runs) a valid form becomes.
 * The server validates the same body again with the contract's schema; these checks only say it sooner.
 */

export const MAX_TARGETS = 4;
export const MAX_CONCURRENCY = 16;
const DEFAULT_CONCURRENCY = 4;
export const MAX_REPEATS = 3;
/** The cap a new plan starts with: well under the per-run limit (EVAL_MAX_COST_PER_RUN_USD, $20 by default). */
const DEFAULT_CAP_USD = "5";

/** The check kinds of lib/evaluations/checks.ts (a unit test keeps the two lists equal), with what their argument is. */
export const CHECK_KIND_HINTS = {
  contains: "text the answer must contain",
  "contains-i": "text the answer must contain, any case",
  "not-contains": "text the answer must not contain",
  "not-contains-i": "text the answer must not contain, any case",
  pattern: "an RE2 pattern the answer must match",
  "cites-domain": "domains, comma-separated: one must be cited",
  "no-domain": "domains, comma-separated: none may be cited",
  "min-citations": "a whole number of distinct cited URLs",
  "max-cost": "dollars per answer, e.g. 0.05",
  "max-latency-ms": "milliseconds, e.g. 20000",
  "min-length": "characters",
  "max-length": "characters",
  judge: "a rubric the judge model scores",
  "citation-support": "optional: the minimum citation precision, 0 to 1",
  expected: "optional: the pass threshold; the judge compares the answer with each row's expected answer",
  "expected-terms": "optional: the share of the expected answer's key terms that must appear, 0 to 1",
  "allowed-domains": "domains, comma-separated: every citation must be on one",
} as const;
export type CheckKindName = keyof typeof CHECK_KIND_HINTS;
export const CHECK_KIND_NAMES = Object.keys(CHECK_KIND_HINTS) as CheckKindName[];

/** Kinds whose argument is text where spaces count: kept as typed; the others' numbers and domains are trimmed. */
const VERBATIM_ARGS: ReadonlySet<CheckKindName> = new Set(["contains", "contains-i", "not-contains", "not-contains-i", "pattern", "judge"]);

/** Kinds whose argument may be left empty. */
const ARGUMENT_OPTIONAL: ReadonlySet<CheckKindName> = new Set(["citation-support", "expected", "expected-terms"]);

/** A check's spelling as the CLI writes it: `kind:arg`, or the bare kind when it takes none. */
export function checkSpelling(kind: CheckKindName, arg: string): string {
  const value = VERBATIM_ARGS.has(kind) ? arg : arg.trim();
  return value === "" && ARGUMENT_OPTIONAL.has(kind) ? kind : `${kind}:${value}`;
}

export interface PlanForm {
  preset: string;
  /** Version numbers of `preset`, in the order chosen. */
  versions: number[];
  /** Free targets: model ids, or `@preset/<slug>@<n>` strings (folded into preset + versions). */
  models: string[];
  setId: string;
  /** Null: the set's newest version. */
  setVersion: number | null;
  repeats: number;
  concurrency: number;
  checks: string[];
  capUsd: string;
  /** The judge model; "" for the default (EVAL_JUDGE_MODEL, else the gateway's demo judge when it lists one). */
  judgeModel: string;
  /** The pass threshold of graded checks, 0 to 1; "" for the default (0.5). */
  judgeThreshold: string;
}

export function emptyPlanForm(): PlanForm {
  return {
    preset: "",
    versions: [],
    models: [],
    setId: "",
    setVersion: null,
    repeats: 1,
    concurrency: DEFAULT_CONCURRENCY,
    checks: [],
    capUsd: DEFAULT_CAP_USD,
    judgeModel: "",
    judgeThreshold: "",
  };
}

/** A judge pass threshold as typed: a number from 0 to 1, "" for none, or the error. */
export function parseJudgeThreshold(raw: string): { value: number | undefined } | { error: string } {
  if (raw.trim() === "") return { value: undefined };
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? { value: n } : { error: "The pass threshold must be a number from 0 to 1" };
}

const SLUG = /^[a-z0-9][a-z0-9-_.]{0,199}$/i;
const PRESET_REF = /^@preset\/([^@\s/]{1,200})@(\d{1,9})$/;

/** `?preset=<slug>&versions=3,5&set=<id>`: what a link from the preset studio (or a set's page) prefills. */
export function planFormFromParams(params: { get(name: string): string | null }): PlanForm {
  const form = emptyPlanForm();
  const preset = params.get("preset")?.trim() ?? "";
  if (SLUG.test(preset)) form.preset = preset;
  const versions = (params.get("versions") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number)
    .filter((version) => version >= 1);
  if (form.preset) form.versions = [...new Set(versions)].slice(0, MAX_TARGETS);
  const set = params.get("set")?.trim() ?? "";
  if (/^[0-9a-f-]{36}$/i.test(set)) form.setId = set;
  return form;
}

export type PlanErrors = Partial<Record<"versions" | "models" | "setId" | "repeats" | "concurrency" | "checks" | "capUsd" | "judgeThreshold", string>>;

export interface PlanBody {
  set_id: string;
  set_version?: number;
  preset?: string;
  versions: number[];
  models: string[];
  repeats: number;
  concurrency: number;
  checks: string[];
  cap_usd: number;
  judge_model?: string;
  judge_threshold?: number;
}

/**
 * The request a form makes, or what is wrong with it field by field. `@preset/<slug>@<n>` targets of the chosen
 * preset (or, with none chosen, of one preset) become its versions; a second preset is refused (one a run).
 */
export function planRequest(form: PlanForm): { body: PlanBody; errors: null } | { body: null; errors: PlanErrors } {
  const errors: PlanErrors = {};
  let preset = form.preset;
  const versions = [...form.versions];
  const models: string[] = [];
  for (const raw of form.models) {
    const target = raw.trim();
    if (target === "") continue;
    const ref = PRESET_REF.exec(target);
    if (!ref) {
      models.push(target);
      continue;
    }
    if (preset === "") preset = ref[1];
    if (ref[1] !== preset) errors.models = `${target} is of another preset than "${preset}": a run tries versions of one preset`;
    else if (!versions.includes(Number(ref[2]))) versions.push(Number(ref[2]));
  }
  if (new Set(models).size !== models.length) errors.models = "names the same model twice";
  const targets = versions.length + models.length;
  if (targets < 1) errors.versions = "Choose at least one version or model";
  else if (targets > MAX_TARGETS) errors.versions = `Choose at most ${MAX_TARGETS} versions and models in all (${targets} chosen)`;
  if (form.setId === "") errors.setId = "Choose a question set";
  if (!Number.isInteger(form.repeats) || form.repeats < 1 || form.repeats > MAX_REPEATS) errors.repeats = `Repeats must be 1 to ${MAX_REPEATS}`;
  if (!Number.isInteger(form.concurrency) || form.concurrency < 1 || form.concurrency > MAX_CONCURRENCY) errors.concurrency = `Concurrency must be 1 to ${MAX_CONCURRENCY}`;
  if (new Set(form.checks).size !== form.checks.length) errors.checks = "lists the same check twice";
  const cap = Number(form.capUsd);
  if (form.capUsd.trim() === "" || !Number.isFinite(cap) || cap <= 0) errors.capUsd = "The cap must be an amount of dollars above 0";
  else if (cap > 1_000_000) errors.capUsd = "The cap must be at most $1,000,000";
  const threshold = parseJudgeThreshold(form.judgeThreshold);
  if ("error" in threshold) errors.judgeThreshold = threshold.error;
  if (Object.keys(errors).length > 0 || "error" in threshold) return { body: null, errors };
  const judgeModel = form.judgeModel.trim();
  return {
    body: {
      set_id: form.setId,
      ...(form.setVersion === null ? {} : { set_version: form.setVersion }),
      ...(versions.length > 0 ? { preset } : {}),
      versions,
      models,
      repeats: form.repeats,
      concurrency: form.concurrency,
      checks: form.checks,
      cap_usd: cap,
      ...(judgeModel === "" ? {} : { judge_model: judgeModel }),
      ...(threshold.value === undefined ? {} : { judge_threshold: threshold.value }),
    },
    errors: null,
  };
}

/** The parts of an estimate the start button weighs (POST /api/evaluations/runs/estimate). */
export interface EstimateForStart {
  refusals: readonly { message: string }[];
}

/** The form fields each error is about: an error shows beside its field once one of them has been touched. */
const ERROR_FIELDS: Record<keyof PlanErrors, readonly (keyof PlanForm)[]> = {
  // Choosing a preset is not yet a choice of versions: "choose at least one" waits for the versions or models.
  versions: ["versions", "models"],
  models: ["preset", "models"],
  setId: ["setId"],
  repeats: ["repeats"],
  concurrency: ["concurrency"],
  checks: ["checks"],
  capUsd: ["capUsd"],
  judgeThreshold: ["judgeThreshold"],
};

/** The fields a link filled in (they differ from an empty form): they count as touched, so a bad prefill shows at once. */
export function prefilledFields(form: PlanForm): Set<keyof PlanForm> {
  const empty = emptyPlanForm();
  return new Set((Object.keys(form) as (keyof PlanForm)[]).filter((field) => JSON.stringify(form[field]) !== JSON.stringify(empty[field])));
}

/**
 * The errors shown beside their fields: only those about a field the person changed (or a link filled), so a new
 * form is not red before anything was typed. The reason beside "Start run" still names the first of all of them.
 */
export function visibleErrors(errors: PlanErrors | null, touched: ReadonlySet<keyof PlanForm>): PlanErrors {
  const shown: PlanErrors = {};
  for (const [key, message] of Object.entries(errors ?? {}) as [keyof PlanErrors, string | undefined][]) {
    if (message !== undefined && ERROR_FIELDS[key].some((field) => touched.has(field))) shown[key] = message;
  }
  return shown;
}

/**
 * Why "Start run" is disabled, in words shown beside it, or null when the plan may start: the form's first
 * problem, an estimate not back yet or refused, or a refusal (over the cap, the per-run limit, the daily limit).
 */
export function startBlockedReason(state: { errors: PlanErrors | null; estimate: EstimateForStart | undefined; loading: boolean; estimateError: string | null }): string | null {
  const firstError = state.errors ? Object.values(state.errors).find((message) => message !== undefined) : undefined;
  if (firstError) return firstError;
  if (state.estimateError) return `The plan cannot be estimated: ${state.estimateError}`;
  if (state.loading || !state.estimate) return "Waiting for the estimate…";
  const refusal = state.estimate.refusals[0];
  return refusal ? refusal.message : null;
}
