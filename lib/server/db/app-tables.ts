import type { ColumnType, Generated } from "kysely";
import type { Role } from "@/lib/contract/bff/schemas";

/**
 * The app's own tables as Kysely sees them, the same in SQLite and PostgreSQL (app-migrations.ts
 * creates them in each). Times are ISO strings (TEXT) so both dialects sort and compare them alike;
 * the epoch-millisecond columns are BIGINT in PostgreSQL, which `pg` returns as strings: they are only
 * compared in SQL, never read back as numbers.
 */
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  role: Role;
  provider: "credentials" | "oidc";
  password_hash: string | null;
  is_demo: number;
  session_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

interface PresetAuditTable {
  id: Generated<number>;
  slug: string;
  version: number;
  version_id: string | null;
  user_id: string;
  user_email: string;
  user_name: string;
  created_at: string;
  /** Why the version was saved, when the save said (migration 8): a designation from a run's results. */
  note: string | null;
}

interface RevokedSessionsTable {
  session_id: string;
  expires_at: number;
}

/** rate-limiter-flexible's layout (rate-limits.ts); only our sweep touches it through Kysely. */
interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

interface InstanceSettingsTable {
  key: string;
  value: string;
}

/** Settings and models are JSON text: both dialects store and return them alike. */
export interface VideoGenerationsTable {
  id: string;
  user_id: string;
  user_email: string;
  user_name: string;
  prompt: string;
  settings: string;
  models: string;
  estimated_cost: number;
  estimate_complete: number;
  idempotency_key: string;
  request_fingerprint: string;
  created_at: string;
}

export interface VideoJobsTable {
  id: Generated<number>;
  generation_id: string;
  position: number;
  model: string;
  gateway_job_id: string | null;
  status: string;
  error: string | null;
  estimated_cost: number | null;
  cost: number | null;
  submitted_at: string;
  completed_at: string | null;
  content_url: string | null;
  next_poll_at: number | null;
  poll_count: Generated<number>;
  /** 1 when nobody knows whether the gateway charged the job (interrupted, lost): counted at its estimate. */
  outcome_unknown: Generated<number>;
  /** The job's ledger entry (migration 10): its estimate reserved when recorded, settled when it ends. */
  ledger_entry: string | null;
}

/** A frame image a generation was sent as a data: URL (migration 6): base64 text, `size` its decoded bytes. */
interface VideoGenerationFramesTable {
  generation_id: string;
  frame: "first_frame" | "last_frame";
  mime: string;
  size: number;
  base64: string;
}

/** A question set's name and newest version (migration 7). */
interface QuestionSetsTable {
  id: string;
  name: string;
  latest: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** One version of a question set: its rows as JSON text (lib/evaluations' QuestionRow[]). */
interface QuestionSetVersionsTable {
  set_id: string;
  version: number;
  /** The rows' JSON array of a version written before migration 14 ('' after: see `pieces`). */
  rows: string;
  row_count: number;
  note: Generated<string>;
  created_by: string;
  created_at: string;
  /** The storage id of the version's pieces in question_set_pieces (migration 14); null for an older version. */
  pieces: string | null;
  piece_count: number | null;
}

/** A piece of a question-set version's rows: the JSON array text of consecutive rows (migration 14). */
interface QuestionSetPiecesTable {
  storage_id: string;
  piece: number;
  created_at: string;
  rows: string;
}

export type EvaluationRunStatus = "running" | "cancelled" | "finished" | "stopped";

export interface EvaluationRunsTable {
  id: string;
  user_id: string;
  set_id: string;
  set_version: number;
  /** The run's plan as JSON text (versions, repeats, concurrency, checks, judge model). */
  plan: string;
  status: EvaluationRunStatus;
  stop_reason: string | null;
  cap_usd: number;
  /** What one item may cost at most, reserved against the cap while it runs. */
  item_reserve_usd: number;
  created_at: string;
  ended_at: string | null;
  /** What the run's items have cost so far (migration 9): added to with each item's cost, in the same transaction. */
  spent_usd: Generated<number>;
  /** The reserves of the run's calls in flight (migration 10): a claim weighs spent + reserved + its own against the cap. */
  reserved_usd: Generated<number>;
  /** Set when someone renamed the run (migration 11); null shows the default name. */
  name: Generated<string | null>;
  /** The estimate it started with, low and high from its real requests (migration 15); null before it was kept. */
  estimate_low_usd: Generated<number | null>;
  estimate_high_usd: Generated<number | null>;
}

export type EvaluationItemStatus = "pending" | "claimed" | "done" | "failed" | "cancelled";

interface EvaluationItemsTable {
  run_id: string;
  position: number;
  version_index: number;
  question_index: number;
  repeat_index: number;
  status: EvaluationItemStatus;
  claimed_by: string | null;
  /** Epoch ms; BIGINT in PostgreSQL, only compared in SQL. */
  lease_until: number | null;
  not_before: number | null;
  attempts: Generated<number>;
  result: string | null;
  error: string | null;
  checks: string | null;
  cost_usd: number | null;
  started_at: string | null;
  ended_at: string | null;
  /** The reserve of the item's claim in flight and its ledger entry (migration 10); null once settled. */
  reserve_usd: number | null;
  ledger_entry: string | null;
  /** 1: done with an answer and every check passed; 0 otherwise (migration 14; itemPassed in evaluation-runs-store.ts). */
  passed: number | null;
}

// eval_rescores (migration 8) holds re-scores made before scorings (migration 12); nothing reads or writes it now.

/** A scoring of a run's stored answers (migration 12): number 2 on; the run's own verdicts are scoring 1. */
export interface EvaluationScoringsTable {
  id: string;
  run_id: string;
  number: number;
  user_id: string;
  status: "running" | "done" | "failed" | "cancelled";
  /** The check list scored, as JSON check specs. */
  checks: string;
  judge_model: string | null;
  judge_threshold: number | null;
  /** The judge model's prices as JSON (CallPricing): what each judge call reserves. */
  judge_pricing: string | null;
  total: number;
  done_count: Generated<number>;
  judge_calls: Generated<number>;
  /** Verdicts taken from the cache rather than computed again. */
  reused: Generated<number>;
  cost_usd: Generated<number>;
  error: string | null;
  created_at: string;
  ended_at: string | null;
}

/** One answer of a scoring: claimed with a lease like a run's item; its verdicts once done (migration 12). */
interface EvaluationScoringItemsTable {
  scoring_id: string;
  position: number;
  status: "pending" | "claimed" | "done";
  claimed_by: string | null;
  lease_until: number | null;
  checks: string | null;
}

/** One cached verdict: an answer (run, position) under one check key (migration 12). */
interface EvaluationVerdictsTable {
  run_id: string;
  position: number;
  check_key: string;
  verdict: string;
}

/** What a ledger entry belongs to and what its counting state is (migration 10, lib/server/ledger). */
export type LedgerEntryState = "reserved" | "settled" | "unknown" | "released";

export interface LedgerEntriesTable {
  id: string;
  user_id: string;
  /** Epoch ms (BIGINT in PostgreSQL: read back through Number()). */
  created_ms: number;
  hour_ms: number;
  feature: string;
  model: string;
  preset: string;
  preset_version: number;
  subject_kind: string;
  subject_id: string;
  /** What the subject belongs to (an evaluation item's run), for reading a whole run's entries at once (migration 15). */
  subject_group: ColumnType<string | null, string | null | undefined, string | null>;
  generation_id: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  web_searches: number | null;
  reserved_usd: number;
  settled_usd: number | null;
  state: LedgerEntryState;
  settled_ms: number | null;
}

/** The ledger summed per user, UTC hour, feature, model, preset and version, in the entry's own transaction. */
export interface LedgerHourlyTable {
  user_id: string;
  hour_ms: number;
  feature: string;
  model: string;
  preset: string;
  preset_version: number;
  calls: number;
  /** What the hour's entries count against budgets: reserves in flight or unknown, costs once settled. */
  counted_usd: number;
  settled_usd: number;
  /** Reserves still in flight (state "reserved"). */
  open_usd: number;
  input_tokens: number;
  output_tokens: number;
  web_searches: number;
}

/** The dimensions and sums every ledger rollup carries (ledger_hourly's columns after its key). */
type LedgerRollupColumns = Omit<LedgerHourlyTable, "user_id" | "hour_ms">;

/** Per person per UTC day (migration 16): budgets' day figure and a person's views. */
interface LedgerDailyTable extends LedgerRollupColumns {
  user_id: string;
  day_ms: number;
}

/** Per person per UTC calendar month: budgets' month figure and "by person" over long ranges. */
interface LedgerMonthlyTable extends LedgerRollupColumns {
  user_id: string;
  month_ms: number;
}

/** The whole team per UTC hour (no person): views over everyone, for the hours next to a day's edge. */
interface LedgerTeamHourlyTable extends LedgerRollupColumns {
  hour_ms: number;
}

/** The whole team per UTC day: views over everyone. */
interface LedgerTeamDailyTable extends LedgerRollupColumns {
  day_ms: number;
}

/** An admin's limits for one person; NULL: the settings' default. */
interface UserBudgetsTable {
  user_id: string;
  day_usd: number | null;
  month_usd: number | null;
  updated_at: string;
}

/** A preset's release gate (migration 11): the ReleaseGate JSON of lib/evaluations/release-gate.ts. */
interface PresetGatesTable {
  slug: string;
  gate: string;
  updated_by: string;
  updated_at: string;
}

/**
 * One move of a preset's designated version (migration 11). to_version is the version the save made (the gateway
 * designates every save), source_version the version whose settings it carries (the run's winner, or for a revert
 * the version the move being undone replaced).
 */
export interface DesignationMovesTable {
  id: Generated<number>;
  slug: string;
  from_version: number | null;
  to_version: number;
  source_version: number;
  run_id: string | null;
  override_reason: string | null;
  reverts_move: number | null;
  user_id: string;
  user_email: string;
  user_name: string;
  created_at: string;
}

/** A personal access token (migration 13): its SHA-256, never its text. */
export interface AccessTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  scope: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface AppTables {
  instance_settings: InstanceSettingsTable;
  users: UsersTable;
  preset_audit: PresetAuditTable;
  revoked_sessions: RevokedSessionsTable;
  rate_limits: RateLimitsTable;
  video_generations: VideoGenerationsTable;
  video_jobs: VideoJobsTable;
  video_generation_frames: VideoGenerationFramesTable;
  question_sets: QuestionSetsTable;
  question_set_versions: QuestionSetVersionsTable;
  question_set_pieces: QuestionSetPiecesTable;
  eval_runs: EvaluationRunsTable;
  eval_items: EvaluationItemsTable;
  eval_scorings: EvaluationScoringsTable;
  eval_scoring_items: EvaluationScoringItemsTable;
  eval_verdicts: EvaluationVerdictsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_hourly: LedgerHourlyTable;
  ledger_daily: LedgerDailyTable;
  ledger_monthly: LedgerMonthlyTable;
  ledger_team_hourly: LedgerTeamHourlyTable;
  ledger_team_daily: LedgerTeamDailyTable;
  user_budgets: UserBudgetsTable;
  preset_gates: PresetGatesTable;
  designation_moves: DesignationMovesTable;
  access_tokens: AccessTokensTable;
}
