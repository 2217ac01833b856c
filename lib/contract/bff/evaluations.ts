import { z } from "zod";
import { parseCheck } from "@/lib/evaluations/check-spelling";
import { checkListProblem } from "@/lib/evaluations/checks";
import { EVAL_PLAN_LIMITS } from "./evaluation-plan";
import { QuestionRowSchema, QuestionSetSchema } from "@/lib/evaluations/questions";
import { EVAL_RUN_PAGE } from "./evaluation-run-progress";

/**
 * The BFF's evaluation routes (/api/evaluations, issue 27): question sets with their versions, and runs of preset
 * versions or models over a set's version. Pure, so the pages parse with these too.
 */

// A run and its progress: their own module, which the run pages load without this one's check parser.
export { EvaluationRunDetailEnvelopeSchema, EvaluationRunEnvelopeSchema, EvaluationRunListResponseSchema } from "./evaluation-run-progress";
export type { EvaluationRun, EvaluationRunDetail, EvaluationRunListResponse, EvaluationRunSummary } from "./evaluation-run-progress";

const MAX_EVAL_TARGETS = EVAL_PLAN_LIMITS.versionsMax;
const NAME_MAX = 200;
const NOTE_MAX = 500;

export const EvaluationIdSchema = z.uuid({ message: "must be an id this API gave out" });

const SetNameSchema = z.string().trim().min(1, { message: "must not be empty" }).max(NAME_MAX, { message: `must be at most ${NAME_MAX} characters` });

/** POST /api/evaluations/question-sets with the rows as JSON. */
const CreateFromRowsSchema = z.strictObject({ name: SetNameSchema, rows: QuestionSetSchema, note: z.string().max(NOTE_MAX).optional() });
/** POST /api/evaluations/question-sets with a CSV or JSONL file's text: imported all or nothing. */
const CreateFromFileSchema = z.strictObject({
  name: SetNameSchema,
  format: z.enum(["csv", "jsonl"], { message: "must be csv or jsonl" }),
  text: z.string(),
  note: z.string().max(NOTE_MAX).optional(),
});
/** No union-wide message, for the reason given at UpdateQuestionSetRequestSchema: a bad row names its row and field. */
export const CreateQuestionSetRequestSchema = z.union([CreateFromRowsSchema, CreateFromFileSchema]);
export type CreateQuestionSetRequest = z.infer<typeof CreateQuestionSetRequestSchema>;

const BaseVersionSchema = z.number().int().min(1);
/** PUT /api/evaluations/question-sets/{id} with the rows as JSON. */
const UpdateFromRowsSchema = z.strictObject({
  base_version: BaseVersionSchema,
  name: SetNameSchema.optional(),
  rows: QuestionSetSchema,
  note: z.string().max(NOTE_MAX).optional(),
});
/** PUT /api/evaluations/question-sets/{id} with a CSV or JSONL file's text: a new version imported all or nothing. */
const UpdateFromFileSchema = z.strictObject({
  base_version: BaseVersionSchema,
  name: SetNameSchema.optional(),
  format: CreateFromFileSchema.shape.format,
  text: z.string(),
  note: z.string().max(NOTE_MAX).optional(),
});
/**
 * PUT /api/evaluations/question-sets/{id}: a new version on top of `base_version` (409 when it is not the newest). No
 * union-wide message: a row that fails a transform (a domain) makes zod report the union as a whole, and its
 * branches' issues then name the row and field (lib/contract/gateway/errors.ts picks the closest branch).
 */
export const UpdateQuestionSetRequestSchema = z.union([UpdateFromRowsSchema, UpdateFromFileSchema]);
export type UpdateQuestionSetRequest = z.infer<typeof UpdateQuestionSetRequestSchema>;

/**
 * POST /api/evaluations/question-sets with the file itself as the body (Content-Type text/csv, or application/jsonl or
 * application/x-ndjson): streamed, so a file over the row or byte limit is refused without being read whole. The
 * set's name and the version's note come in the query.
 */
export const QuestionSetFileQuerySchema = z.strictObject({ name: SetNameSchema, note: z.string().max(NOTE_MAX).optional() });
/** PUT /api/evaluations/question-sets/{id} with the file itself as the body: a new version on top of `base_version`. */
export const QuestionSetFileVersionQuerySchema = z.strictObject({
  base_version: z.coerce.number().int().min(1),
  name: SetNameSchema.optional(),
  note: z.string().max(NOTE_MAX).optional(),
});

/** The Content-Types of a question file sent as the body, by format. */
export const QUESTION_FILE_TYPES = { csv: ["text/csv"], jsonl: ["application/jsonl", "application/x-ndjson", "application/x-jsonlines"] } as const;

export const QuestionSetVersionQuerySchema = z.object({ version: z.coerce.number().int().min(1).max(1_000_000).optional() });
export const QuestionSetExportQuerySchema = QuestionSetVersionQuerySchema.extend({
  format: z.enum(["csv", "jsonl"], { message: "must be csv or jsonl" }).default("csv"),
});

const QuestionSetSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  latest: z.number(),
  row_count: z.number(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type QuestionSetSummary = z.infer<typeof QuestionSetSummarySchema>;
export const QuestionSetListResponseSchema = z.object({ data: z.array(QuestionSetSummarySchema) });

const QuestionSetVersionSchema = z.object({
  set_id: z.string(),
  name: z.string(),
  version: z.number(),
  /** The newest version of the set (an editor saves on top of it). */
  latest: z.number(),
  rows: QuestionSetSchema,
  note: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type QuestionSetVersionBody = z.infer<typeof QuestionSetVersionSchema>;
export const QuestionSetVersionEnvelopeSchema = z.object({ data: QuestionSetVersionSchema });

/**
 * The answer to a save or an import (POST, PUT /api/evaluations/question-sets): the version just stored, described, with its
 * row count and not its rows (issue 36: echoing 10,000 rows back held the server's loop for everyone; the set page
 * reads them a page at a time).
 */
const QuestionSetSavedSchema = QuestionSetVersionSchema.omit({ rows: true }).extend({ row_count: z.number() });
export type QuestionSetSaved = z.infer<typeof QuestionSetSavedSchema>;
export const QuestionSetSavedEnvelopeSchema = z.object({ data: QuestionSetSavedSchema });

/** Rows per page of GET /api/evaluations/question-sets/{id}/rows: by default, and at most. */
export const QUESTION_ROWS_PAGE = { default: 50, max: 200 } as const;
export const QuestionSetRowsQuerySchema = QuestionSetVersionQuerySchema.extend({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(QUESTION_ROWS_PAGE.max).default(QUESTION_ROWS_PAGE.default),
});
/**
 * GET /api/evaluations/question-sets/{id}/rows?version&offset&limit: a version's description and one page of its rows
 * (`row_count` in all), what the set page shows a page at a time (issue 36: its server render sent every row).
 */
const QuestionSetRowsPageSchema = QuestionSetSavedSchema.extend({
  offset: z.number(),
  limit: z.number(),
  rows: z.array(QuestionRowSchema).max(QUESTION_ROWS_PAGE.max),
});
export type QuestionSetRowsPage = z.infer<typeof QuestionSetRowsPageSchema>;
export const QuestionSetRowsPageEnvelopeSchema = z.object({ data: QuestionSetRowsPageSchema });

/** A check as the CLI spells it (`contains:Paris`): parsed by lib/evaluations, the message naming what is wrong. */
const CheckSpellingSchema = z
  .string()
  .max(2_000)
  .superRefine((spelling, ctx) => {
    const parsed = parseCheck(spelling);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
  });

/** PATCH /api/evaluations/runs/{id}: a new name (its creator or an admin). */
export const EvaluationRunRenameRequestSchema = z.strictObject({
  name: z.string().trim().min(1, { message: "must not be empty" }).max(NAME_MAX, { message: `must be at most ${NAME_MAX} characters` }),
});

/** POST /api/evaluations/runs and /api/evaluations/runs/estimate. */
export const EvaluationRunRequestSchema = z
  .strictObject({
    set_id: EvaluationIdSchema,
    set_version: z.number().int().min(1).optional(),
    /** A preset slug whose `versions` are tried. */
    preset: z.string().min(1).max(200).optional(),
    versions: z.array(z.union([z.number().int().min(1), z.literal("designated")])).max(MAX_EVAL_TARGETS).default([]),
    models: z.array(z.string().trim().min(1).max(300)).max(MAX_EVAL_TARGETS).default([]),
    repeats: z.number().int().min(1).max(EVAL_PLAN_LIMITS.repeatsMax).default(1),
    concurrency: z.number().int().min(1).max(EVAL_PLAN_LIMITS.concurrencyMax).default(EVAL_PLAN_LIMITS.concurrencyDefault),
    checks: z
      .array(CheckSpellingSchema)
      .max(EVAL_PLAN_LIMITS.checksMax, { message: `must have at most ${EVAL_PLAN_LIMITS.checksMax} checks` })
      .default([]),
    cap_usd: z.number().positive({ message: "must be more than 0" }).max(1_000_000),
    judge_model: z.string().trim().min(1).max(300).optional(),
    /** The pass threshold of graded checks (judge, expected) that name none; 0.5 when unset. */
    judge_threshold: z.number().min(0).max(1).optional(),
  })
  .superRefine((body, ctx) => {
    const targets = body.versions.length + body.models.length;
    if (targets < 1 || targets > MAX_EVAL_TARGETS) {
      ctx.addIssue({ code: "custom", path: ["versions"], message: `versions and models must name 1 to ${MAX_EVAL_TARGETS} targets in all (got ${targets})` });
    }
    if (body.versions.length > 0 && body.preset === undefined) ctx.addIssue({ code: "custom", path: ["preset"], message: "is required with versions" });
    if (new Set(body.versions).size !== body.versions.length) ctx.addIssue({ code: "custom", path: ["versions"], message: "must not name a version twice" });
    // Each check is valid on its own (CheckSpellingSchema); together they must fit what one answer may cost.
    const checks = body.checks.map(parseCheck);
    const problem = checks.every((parsed) => parsed.ok) ? checkListProblem(checks.map((parsed) => parsed.check)) : null;
    if (problem) ctx.addIssue({ code: "custom", path: ["checks", problem.index], message: problem.message });
  });
export type EvaluationRunRequest = z.infer<typeof EvaluationRunRequestSchema>;

/** Why an estimate would be refused, with the figures behind it (a run's estimate and a rescore's). */
export const SpendRefusalSchema = z.object({
  code: z.string(),
  message: z.string(),
  limit_usd: z.number().optional(),
  estimated_cost_usd: z.number().optional(),
  spent_usd: z.number().optional(),
});

/** A run estimate's refusals: these codes, and the target (version or model) a refusal is about. */
const RefusalSchema = SpendRefusalSchema.extend({
  code: z.enum(["over_plan_cap", "over_daily_limit", "unknown_pricing", "over_run_limit"]),
  target: z.string().optional(),
});

const TargetEstimateSchema = z.object({
  id: z.string(),
  items: z.number(),
  model_tokens_usd: z.number(),
  web_search_usd: z.number(),
  judge_usd: z.number(),
  total_usd: z.number(),
});

const EvaluationEstimateSchema = z.object({
  items: z.number(),
  judge_calls: z.number(),
  model_tokens_usd: z.number(),
  web_search_usd: z.number(),
  judge_usd: z.number(),
  total_usd: z.number(),
  targets: z.array(TargetEstimateSchema),
  refusals: z.array(RefusalSchema),
  /** The estimate of the most expensive single item: reserved against the cap while an item runs. */
  item_reserve_usd: z.number(),
  /**
   * The range from the real requests (lib/server/evaluations/estimate-range.ts): low (each request's text, a short
   * answer, the searches it is billed for) to high (what the ledger reserves: max_output_tokens, search results, every
   * judge call at its bound). `total_usd` is the typical figure between them.
   */
  low_usd: z.number(),
  high_usd: z.number(),
  /** Answers (in the order the run takes them) that fit the cap at their high bounds: a cap below the estimate runs these at least, then stops. */
  fits_items: z.number(),
  versions: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type EvaluationEstimate = z.infer<typeof EvaluationEstimateSchema>;
export const EvaluationEstimateEnvelopeSchema = z.object({ data: EvaluationEstimateSchema });

export const EvaluationRunListQuerySchema = z.object({
  set_id: EvaluationIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(EVAL_RUN_PAGE.max).default(EVAL_RUN_PAGE.default),
  /** The `next_cursor` of the page before. */
  cursor: z.string().max(200).optional(),
});

const EVAL_ITEMS_PAGE_MAX = 200;
export const EvaluationItemsQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(EVAL_ITEMS_PAGE_MAX).default(50),
});

const EvaluationItemSchema = z.object({
  position: z.number(),
  version_index: z.number(),
  question_index: z.number(),
  repeat_index: z.number(),
  status: z.enum(["pending", "claimed", "done", "failed", "cancelled"]),
  attempts: z.number(),
  cost_usd: z.number().nullable(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  result: z.unknown(),
  error: z.unknown(),
  checks: z.unknown(),
});
export type EvaluationItem = z.infer<typeof EvaluationItemSchema>;
export const EvaluationItemPageSchema = z.object({ data: z.array(EvaluationItemSchema), offset: z.number(), limit: z.number(), next_offset: z.number().nullable() });
