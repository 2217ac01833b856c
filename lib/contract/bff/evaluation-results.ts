import { z } from "zod";
import { CHECK_LIMITS } from "@/lib/evaluations/checks";
import { EvaluationIdSchema, SpendRefusalSchema } from "./evaluations";

/**
 * The BFF's evaluation results routes (issue 28): what a run produced, read from the stored items only (opening a
 * finished run never calls the gateway; re-score calls the judge model and nothing else, designate saves a preset).
 * Pure, so the pages parse with these too.
 *
 * Routes (every GET: viewer; every POST: editor):
 *   GET  /api/evaluations/runs/{id}/results                      summary per version + noise floor     → EvaluationResultsSummaryEnvelopeSchema
 *   GET  /api/evaluations/runs/{id}/results/questions            table rows (filter, sort, page)       → EvaluationQuestionPageSchema       (query: EvaluationQuestionsQuerySchema)
 *   GET  /api/evaluations/runs/{id}/results/questions/{index}    one question, every version's answers → EvaluationQuestionDetailEnvelopeSchema (query: EvaluationQuestionDetailQuerySchema)
 *   GET  /api/evaluations/runs/{id}/results/domains              cited domains per version, freshness  → EvaluationDomainsEnvelopeSchema    (query: EvaluationDomainsQuerySchema)
 *   GET  /api/evaluations/runs/{id}/results/export?format=csv|json|md   per-item CSV / JSON, Markdown report (attachment) (query: EvaluationExportQuerySchema)
 *   POST /api/evaluations/runs/{id}/rescore/estimate             what scoring again would run and cost  body EvaluationRescoreRequestSchema → EvaluationRescoreEstimateEnvelopeSchema
 *   POST /api/evaluations/runs/{id}/rescore                      start a scoring job (202)             body EvaluationRescoreRequestSchema → EvaluationScoringEnvelopeSchema
 *   GET  /api/evaluations/runs/{id}/scorings                     the run's scorings (1: its own), progress → EvaluationScoringListEnvelopeSchema
 *   POST /api/evaluations/runs/{id}/scorings/{number}/cancel     stop a running scoring                → EvaluationScoringEnvelopeSchema
 *   GET  /api/evaluations/runs/{id}/scorings/compare?a=1&b=2     two scorings: pass rates, flipped questions → EvaluationScoringCompareEnvelopeSchema
 *
 * The results reads (summary, questions, question detail, export) take `scoring=<number>` (default 1, the run's own
 * verdicts): the same answers under another scoring's checks.
 *   POST /api/evaluations/runs/{id}/designate                    save a version as the preset's designated one  body EvaluationDesignateRequestSchema → EvaluationDesignateResultEnvelopeSchema
 *   GET  /api/evaluations/runs/compare?runs=<id>[:<scoring>],<id>[,...]  2–8 runs of one question set, time order → EvaluationCompareEnvelopeSchema  (query: EvaluationCompareQuerySchema)
 *
 * Errors are the usual `{ error: { code, message, metadata? } }`: 400 names the field, 404 for an unknown run or
 * question, 409 for a run still running (re-score) or a stale expected version (designate), 402 over a spending cap.
 *
 * Versions are named by `version_index`: the position in the run's plan (0 = the first version, the baseline of
 * every "changed vs the first version" marker).
 */

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces

/** A version of the run's plan as the results name it. */
const EvaluationResultVersionSchema = z.object({
  version_index: z.number().int(),
  /** "@preset/web-research@2" or a model id. */
  id: z.string(),
  /** "web-research v2". */
  label: z.string(),
  /** The preset slug and version number when the version is a preset version (designate needs them), else null. */
  preset: z.object({ slug: z.string(), version: z.number().int() }).nullable(),
});
export type EvaluationResultVersion = z.infer<typeof EvaluationResultVersionSchema>;

/** One check (`kind:arg`) and on how many answers it ran and passed. */
const CheckCountsSchema = z.object({
  kind: z.string(),
  arg: z.string(),
  evaluated: z.number(),
  passed: z.number(),
});

/** One check's figures over a version's items (lib/evaluations CheckAggregate). */
const CheckAggregateSchema = CheckCountsSchema.extend({
  pass_rate: z.number().nullable(),
});

/** Everything lib/evaluations' aggregateVersion gives, as is. */
const VersionAggregateSchema = z.object({
  items: z.number(),
  errors: z.number(),
  passed: z.number(),
  pass_rate: z.number().nullable(),
  pass_rate_excluding_errors: z.number().nullable(),
  checks: z.array(CheckAggregateSchema),
  judge_score_mean: z.number().nullable(),
  citation_precision_mean: z.number().nullable(),
  citation_recall_mean: z.number().nullable(),
  citation_invented_share_mean: z.number().nullable(),
  unsupported_sentence_share_mean: z.number().nullable(),
  citation_relevant_share_mean: z.number().nullable(),
  /** tokens + web search + judge */
  cost_usd: z.number(),
  cost_tokens_usd: z.number(),
  cost_web_search_usd: z.number(),
  cost_judge_usd: z.number(),
  latency_ms_p50: z.number().nullable(),
  latency_ms_p95: z.number().nullable(),
  ttft_ms_p50: z.number().nullable(),
  citations_per_answer: z.number().nullable(),
  distinct_domains: z.number(),
  top5_domain_share: z.number().nullable(),
});
export type VersionAggregateBody = z.infer<typeof VersionAggregateSchema>;

/**
 * Agreement between two sets of answers to the same questions, each a mean over the pairs compared (null with no
 * pair). answer_similarity: token Jaccard of the two answers (lowercased words, as sets); citation_overlap:
 * Jaccard of the cited URLs after normalising (two answers without citations: 1); check_agreement: share of
 * checks with the same verdict in both.
 */
const AgreementSchema = z.object({
  pairs: z.number(),
  answer_similarity: z.number().nullable(),
  citation_overlap: z.number().nullable(),
  check_agreement: z.number().nullable(),
});
export type Agreement = z.infer<typeof AgreementSchema>;

/**
 * The noise floor: how much a version disagrees with itself across repeats (within), next to how much two versions
 * disagree on the same questions (between). A between-version difference no larger than the within-version one is
 * noise. `within` is null for every version when the run has one repeat.
 */
/**
 * Two versions on the questions both decided (a question passes for a version when every ended repeat passed every
 * check: the table's "passed"). b_only / a_only: questions only that side passed (the flips each way). difference:
 * pass rate of b minus a with its 95 % interval (Newcombe's paired score interval); p_value: McNemar's exact test on
 * the flips. finding: b_better / a_better when p < 0.05, no_difference otherwise, no_questions with nothing paired.
 */
const VersionPairTestSchema = z.object({
  a: z.number(),
  b: z.number(),
  questions: z.number(),
  a_passed: z.number(),
  b_passed: z.number(),
  a_only: z.number(),
  b_only: z.number(),
  difference: z.number(),
  ci_low: z.number(),
  ci_high: z.number(),
  p_value: z.number(),
  finding: z.enum(["b_better", "a_better", "no_difference", "no_questions"]),
});
export type VersionPairTest = z.infer<typeof VersionPairTestSchema>;

const NoiseFloorSchema = z.object({
  repeats: z.number(),
  /**
   * Whether repeats answered word for word the same: true means the gateway is deterministic here and how much a
   * version varies with itself (the noise floor proper) is unknown; null with one repeat (nothing to tell from).
   */
  deterministic: z.boolean().nullable(),
  /** Every pair of versions (a < b): the paired test on per-question verdicts. */
  pairs: z.array(VersionPairTestSchema),
  within: z.array(z.object({ version_index: z.number(), agreement: AgreementSchema.nullable() })),
  /** Every pair of versions (a < b), repeat i of a against repeat i of b, over questions both answered. */
  between: z.array(z.object({ a: z.number(), b: z.number(), agreement: AgreementSchema })),
});
export type NoiseFloor = z.infer<typeof NoiseFloorSchema>;

const RunHeaderSchema = z.object({
  run_id: z.string(),
  /** The run's name (GET /api/evaluations/runs/{id} has the same). */
  name: z.string(),
  set_id: z.string(),
  /** The question set's name (null once the set was deleted). */
  set_name: z.string().nullable(),
  set_version: z.number(),
  /** "running" results are partial (pending items are left out). */
  status: z.enum(["running", "cancelled", "finished", "stopped"]),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  repeats: z.number(),
  questions: z.number(),
  /** The run's check spellings as stored (after a re-score, the new list); rows may add their own. */
  checks: z.array(z.string()),
  /** The judge model that graded the run (null when no check needed one), and whether it is the demo judge. */
  judge_model: z.string().nullable(),
  demo_judge: z.boolean(),
  /** Changes whenever the stored results change (an item ends, a re-score): pages key their cache on it. */
  revision: z.string(),
  /** The scoring these results are under: 1 (or absent) is the run's own verdicts, 2 on its re-scores. */
  scoring: z.number().int().optional(),
});
export type EvaluationRunHeader = z.infer<typeof RunHeaderSchema>;

// ---------------------------------------------------------------------------------------------------------------
// GET /api/evaluations/runs/{id}/results

/** A run's spending, as the ledger counts it (lib/evaluations/results/spent.ts). */
export const RunSpentSchema = z.object({
  total_usd: z.number(),
  tokens_usd: z.number(),
  web_search_usd: z.number(),
  judge_usd: z.number(),
  unknown_usd: z.number(),
  unanswered_usd: z.number(),
});
export type RunSpent = z.infer<typeof RunSpentSchema>;

const EvaluationResultsSummarySchema = RunHeaderSchema.extend({
  /** Who started the run: they (or an admin) may re-score it and designate its winner (lib/evaluations/runs/access.ts). */
  user_id: z.string(),
  versions: z.array(EvaluationResultVersionSchema.extend({ aggregate: VersionAggregateSchema })),
  noise_floor: NoiseFloorSchema,
  /**
   * What the whole run spent, as its ledger counts it (every item's calls: settled costs and the reserves kept by
   * calls whose cost nobody learned), split; `unknown_usd` is the kept-reserve part, `unanswered_usd` what items
   * without an answer (failed, cancelled mid-call) cost. The run page's "Spent" is the same figure.
   */
  spent: RunSpentSchema.optional(),
});
export type EvaluationResultsSummary = z.infer<typeof EvaluationResultsSummarySchema>;
export const EvaluationResultsSummaryEnvelopeSchema = z.object({ data: EvaluationResultsSummarySchema });

// ---------------------------------------------------------------------------------------------------------------
// GET /api/evaluations/runs/{id}/results/questions

export const EVAL_QUESTION_FLAGS = ["failed_any", "verdicts_differ", "citations_changed", "same_answer_different_sources", "error"] as const;
export type EvaluationQuestionFlag = (typeof EVAL_QUESTION_FLAGS)[number];

/**
 * Columns the table sorts by. `index` and `question` are the question's; the others are a version's (the one named
 * by `sort_version`, default 0): `verdict` (failed checks count, errors last), `cost`, `latency`, `citations`,
 * `changed` (citations changed vs version 0); `flags` sorts by how many flags a row has. Ties fall back to `index`.
 */
/** @public BFF contract for the results pages. */
export const EVAL_QUESTION_SORTS = ["index", "question", "verdict", "cost", "latency", "citations", "changed", "flags"] as const;
export type EvaluationQuestionSort = (typeof EVAL_QUESTION_SORTS)[number];

/** @public BFF contract for the results pages. */
export const EVAL_QUESTIONS_PAGE_MAX = 200;

/** Comma-separated list of flags in one query parameter (`flags=failed_any,error`): a row must carry all of them. */
const FlagListSchema = z
  .string()
  .max(200)
  .transform((raw, ctx) => {
    const names = raw.split(",").map((s) => s.trim()).filter((s) => s !== "");
    for (const name of names) {
      if (!(EVAL_QUESTION_FLAGS as readonly string[]).includes(name)) {
        ctx.addIssue({ code: "custom", message: `unknown flag "${name}" (one of ${EVAL_QUESTION_FLAGS.join(", ")})` });
        return z.NEVER;
      }
    }
    return names as EvaluationQuestionFlag[];
  });

/** The table's filter and order; the question detail takes it too, so prev/next follow the same list. */
/** @public BFF contract for the results pages. */
/** Which scoring the results are read under (1, the run's own verdicts, by default). */
const ScoringParamSchema = z.coerce.number().int().min(1).max(1_000).default(1);

export const EvaluationQuestionsListQuerySchema = z.object({
  scoring: ScoringParamSchema,
  flags: FlagListSchema.optional(),
  /** Exact tag (as the set spells it). */
  tag: z.string().trim().min(1).max(40).optional(),
  /** Case-insensitive substring of the question text (plain text, never a pattern). */
  search: z.string().trim().min(1).max(200).optional(),
  sort: z.enum(EVAL_QUESTION_SORTS, { message: `must be one of ${EVAL_QUESTION_SORTS.join(", ")}` }).default("index"),
  sort_version: z.coerce.number().int().min(0).max(3).default(0),
  dir: z.enum(["asc", "desc"], { message: "must be asc or desc" }).default("asc"),
});
export type EvaluationQuestionsListQuery = z.infer<typeof EvaluationQuestionsListQuerySchema>;

export const EvaluationQuestionsQuerySchema = EvaluationQuestionsListQuerySchema.extend({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(EVAL_QUESTIONS_PAGE_MAX).default(50),
});
export type EvaluationQuestionsQuery = z.infer<typeof EvaluationQuestionsQuerySchema>;

/** "passed": every repeat passed every check; "failed": none did; "mixed": repeats disagree; "error": every repeat failed; "pending": nothing stored yet. */
const VerdictSchema = z.enum(["passed", "failed", "mixed", "error", "pending"]);
export type EvaluationVerdict = z.infer<typeof VerdictSchema>;

/** One check of one version on one question, over its repeats: those on which it ran (errored ones left out) and passed. */
const RowCheckSchema = CheckCountsSchema.extend({
  verdict: VerdictSchema,
});

/** A version's cell in the table. Figures are means over the answered repeats (null when none answered). */
const RowVersionSchema = z.object({
  version_index: z.number(),
  verdict: VerdictSchema,
  checks: z.array(RowCheckSchema),
  /** Some check failed on some answered repeat. */
  failed_any: z.boolean(),
  /** Checks that failed on at least one answered repeat. */
  failed_checks: z.number(),
  cost_usd: z.number().nullable(),
  latency_ms: z.number().nullable(),
  citation_count: z.number().nullable(),
  /** Cited URLs (normalised, first repeat) differ from version 0's; null for version 0 itself or when either has no answer. */
  sources_changed: z.boolean().nullable(),
  /** Repeats that ended with an error. */
  errors: z.number(),
  repeats: z.number(),
});
export type EvaluationRowVersion = z.infer<typeof RowVersionSchema>;

const QuestionRowSchema = z.object({
  question_index: z.number(),
  question: z.string(),
  tags: z.array(z.string()),
  time_sensitive: z.boolean(),
  versions: z.array(RowVersionSchema),
  /**
   * failed_any: a check failed in some version. verdicts_differ: versions' verdicts are not all the same.
   * citations_changed: some version cites other URLs than version 0. same_answer_different_sources: some version's
   * answer is nearly version 0's (token Jaccard ≥ 0.8) while its cited URLs differ. error: some item failed.
   */
  flags: z.object({
    failed_any: z.boolean(),
    verdicts_differ: z.boolean(),
    citations_changed: z.boolean(),
    same_answer_different_sources: z.boolean(),
    error: z.boolean(),
  }),
});
export type EvaluationQuestionRow = z.infer<typeof QuestionRowSchema>;

export const EvaluationQuestionPageSchema = z.object({
  data: z.array(QuestionRowSchema),
  /** Rows that match the filter (all pages). */
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
  next_offset: z.number().nullable(),
  /** Every tag of the set with its question count, for the filter's choices. */
  tags: z.array(z.object({ tag: z.string(), count: z.number() })),
  /** Rows carrying each flag over the whole run (unfiltered), for the filter's badges. */
  flag_counts: z.record(z.string(), z.number()),
  versions: z.array(EvaluationResultVersionSchema),
  revision: z.string(),
});
export type EvaluationQuestionPage = z.infer<typeof EvaluationQuestionPageSchema>;

// ---------------------------------------------------------------------------------------------------------------
// GET /api/evaluations/runs/{id}/results/questions/{index}

export const EvaluationQuestionDetailQuerySchema = EvaluationQuestionsListQuerySchema.extend({
  /** The version whose citations are the diff's "before" (default 0). */
  base: z.coerce.number().int().min(0).max(3).default(0),
  /** The version compared with it (default 1, or 0 when the run has one version). */
  against: z.coerce.number().int().min(0).max(3).optional(),
  /** The repeat whose answers the diff compares (default 0). */
  repeat: z.coerce.number().int().min(0).max(2).default(0),
});
export type EvaluationQuestionDetailQuery = z.infer<typeof EvaluationQuestionDetailQuerySchema>;

/** A url_citation annotation: offsets are code points into the answer (the gateway's unit). */
const DetailCitationSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  start_index: z.number(),
  end_index: z.number(),
  /** The cited text of the answer (start..end). */
  span: z.string(),
});

const DetailSourceSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  snippet: z.string().nullable(),
  published_at: z.string().nullable(),
});

/** One citation's support verdict from a stored citation-support check. */
const SupportVerdictSchema = z.object({
  index: z.number(),
  url: z.string(),
  span: z.string(),
  /** Where the source text came from. */
  source: z.enum(["content", "snippet", "none"]),
  /** The source text the judge read (≤ 8,000 chars; null when there was none). */
  source_text: z.string().nullable(),
  supported: z.boolean(),
  score: z.number(),
  reasoning: z.string(),
  judged: z.boolean(),
  /** The answer's sentence the citation is attached to. */
  sentence: z.string().nullable(),
  /** The source is about the question (null: unknown). */
  relevant: z.boolean().nullable(),
  /** The cited URL is not among the answer's search results (null: the answer reported none). */
  invented: z.boolean().nullable(),
});

const DetailCheckSchema = z.object({
  kind: z.string(),
  arg: z.string(),
  /** Where the check came from: the run's list, the row's own checks, the row's allowed_domains. */
  origin: z.enum(["run", "row", "allowed_domains"]),
  /** The judge model that graded it (judge-based checks), null otherwise. */
  judge_model: z.string().nullable(),
  passed: z.boolean(),
  score: z.number().nullable(),
  /** The judge's reasoning, or why the check could not run. */
  reasoning: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});

const DetailRepeatSchema = z.object({
  repeat_index: z.number(),
  status: z.enum(["pending", "claimed", "done", "failed", "cancelled"]),
  answer: z.string().nullable(),
  citations: z.array(DetailCitationSchema),
  sources: z.array(DetailSourceSchema),
  cost_usd: z.number().nullable(),
  latency_ms: z.number().nullable(),
  ttft_ms: z.number().nullable(),
  error: z.object({ code: z.union([z.string(), z.number()]), message: z.string() }).nullable(),
  checks: z.array(DetailCheckSchema),
  /** The answer's cost: model tokens, web search, judge calls (lib/evaluations/cost-split.ts). */
  cost_split: z.object({ tokens_usd: z.number(), web_search_usd: z.number(), judge_usd: z.number(), total_usd: z.number() }).nullable(),
  /** Per-citation verdicts when the run has a citation-support check; null otherwise. */
  citation_support: z.array(SupportVerdictSchema).nullable(),
});

const CitationDiffSchema = z.object({
  base: z.number(),
  against: z.number(),
  repeat: z.number(),
  /** Normalised URLs in both, only in `against`, only in `base`. */
  kept: z.array(z.string()),
  added: z.array(z.string()),
  dropped: z.array(z.string()),
  jaccard: z.number(),
  /** Citations per domain in each version, most cited first. */
  domains: z.array(z.object({ domain: z.string(), base: z.number(), against: z.number() })),
  /** Sources the web search returned that the answer did not cite (normalised URLs), per side. */
  searched_uncited: z.object({ base: z.array(z.string()), against: z.array(z.string()) }),
  /** Token Jaccard of the two answers. */
  answer_similarity: z.number(),
});
export type EvaluationCitationDiff = z.infer<typeof CitationDiffSchema>;

const EvaluationQuestionDetailSchema = z.object({
  question_index: z.number(),
  question: z.string(),
  expected: z.string().nullable(),
  tags: z.array(z.string()),
  allowed_domains: z.array(z.string()),
  time_sensitive: z.boolean(),
  versions: z.array(EvaluationResultVersionSchema.extend({ repeats: z.array(DetailRepeatSchema) })),
  /** Null when base and against are the same version or either has no answer at that repeat. */
  diff: CitationDiffSchema.nullable(),
  row: QuestionRowSchema,
  /** Neighbours in the filtered, sorted list (the query's filter and sort); null at either end or when this question is not in it. */
  prev: z.number().nullable(),
  next: z.number().nullable(),
  /** Position of this question in the filtered list (0-based) and the list's length. */
  position: z.number().nullable(),
  total: z.number(),
  revision: z.string(),
});
export type EvaluationQuestionDetail = z.infer<typeof EvaluationQuestionDetailSchema>;
export const EvaluationQuestionDetailEnvelopeSchema = z.object({ data: EvaluationQuestionDetailSchema });

// ---------------------------------------------------------------------------------------------------------------
// GET /api/evaluations/runs/{id}/results/domains

export const EvaluationDomainsQuerySchema = z.object({
  /** "Older than N days" threshold of the freshness figures. */
  max_age_days: z.coerce.number().int().min(1).max(36_500).default(30),
});

const DomainCountSchema = z.object({
  domain: z.string(),
  /** Citations pointing at it (every repeat counts). */
  citations: z.number(),
  /** Questions whose answers cite it at least once. */
  questions: z.number(),
  /** Cited on a question whose allowed_domains does not include it (counted in citations). */
  outside_allowed: z.number(),
});

const FreshnessSchema = z.object({
  /** Time-sensitive questions' cited sources that carry a date (a search result's published_at with the same normalised URL). */
  dated_sources: z.number(),
  /** Cited sources on time-sensitive questions (dated or not). */
  cited_sources: z.number(),
  median_age_days: z.number().nullable(),
  /** Share of dated sources older than max_age_days. */
  older_share: z.number().nullable(),
  max_age_days: z.number(),
  /** Ages are counted up to this instant: the run's end (or now while it runs). */
  as_of: z.string(),
});

const VersionDomainsSchema = EvaluationResultVersionSchema.extend({
  /** Most cited first, at most 500. */
  domains: z.array(DomainCountSchema),
  distinct_domains: z.number(),
  /** Citations outside their question's allowed list (questions without a list are left out). */
  outside_allowed_citations: z.number(),
  /** Domains cited here but not by version 0 / by version 0 but not here (null for version 0). */
  new_vs_first: z.array(z.string()).nullable(),
  gone_vs_first: z.array(z.string()).nullable(),
  freshness: FreshnessSchema,
});

const EvaluationDomainsSchema = z.object({ versions: z.array(VersionDomainsSchema), revision: z.string() });
export type EvaluationDomains = z.infer<typeof EvaluationDomainsSchema>;
export const EvaluationDomainsEnvelopeSchema = z.object({ data: EvaluationDomainsSchema });

// ---------------------------------------------------------------------------------------------------------------
// GET /api/evaluations/runs/{id}/results/export

export const EvaluationExportQuerySchema = z.object({
  scoring: ScoringParamSchema,
  format: z.enum(["csv", "json", "md"], { message: "must be csv, json or md" }).default("csv"),
});
/**
 * csv: one row per item (RFC 4180, CRLF, formula cells neutralised with a leading '), columns EVAL_EXPORT_COLUMNS, then one
 *   `check:<spelling>` column per check with pass / fail (empty where it did not run); numbers to 12 significant digits.
 * json: { run: EvaluationRunHeader, versions, items: [{ ...one object per item with those columns, citations: [{url,title}], checks: [...] }] }.
 * md: the report: summary table, noise floor, the questions whose verdicts differ with each version's answer and citations.
 */
export const EVAL_EXPORT_COLUMNS = [
  "question_index",
  "question",
  "tags",
  "version_index",
  "version",
  "repeat_index",
  "status",
  "verdict",
  "failed_checks",
  "cost_usd",
  "cost_tokens_usd",
  "cost_web_search_usd",
  "cost_judge_usd",
  "cost_unknown_usd",
  "latency_ms",
  "citation_count",
  "cited_urls",
  "error",
  "answer",
] as const;

// ---------------------------------------------------------------------------------------------------------------
// POST /api/evaluations/runs/{id}/rescore/estimate and /rescore

/** The new check list, spelled as for a run (`judge:<rubric>`...). Replaces the run's checks. */
export const EvaluationRescoreRequestSchema = z.strictObject({
  checks: z
    .array(z.string().max(2_000))
    .min(1, { message: "must name at least one check" })
    .max(CHECK_LIMITS.checksMax, { message: `must have at most ${CHECK_LIMITS.checksMax} checks` }),
  judge_model: z.string().trim().min(1).max(300).optional(),
  /** The pass threshold of graded checks that name none; unset, the run's. */
  judge_threshold: z.number().min(0).max(1).optional(),
});
export type EvaluationRescoreRequest = z.infer<typeof EvaluationRescoreRequestSchema>;

const EvaluationRescoreEstimateSchema = z.object({
  /** Stored answers with at least one check to compute (the rest are all in the verdict cache). */
  items: z.number(),
  /** Verdicts taken from the cache (same answer, check and judge model as an earlier scoring): no call, no cost. */
  reused: z.number(),
  /** Verdicts to compute; judge_calls of them call the judge. */
  to_run: z.number(),
  judge_calls: z.number(),
  judge_model: z.string(),
  judge_usd: z.number(),
  /** Same refusal shapes as a run's estimate (over the daily model-spending limit, unknown judge pricing). */
  refusals: z.array(SpendRefusalSchema),
});
export type EvaluationRescoreEstimate = z.infer<typeof EvaluationRescoreEstimateSchema>;
export const EvaluationRescoreEstimateEnvelopeSchema = z.object({ data: EvaluationRescoreEstimateSchema });

/** One scoring of a run's answers. Number 1 is the run's own (its judge calls are counted with its items: null here). */
const EvaluationScoringSchema = z.object({
  number: z.number().int(),
  status: z.enum(["running", "done", "failed", "cancelled"]),
  /** Who scored: the run's owner for number 1; their name (null once the account is gone). */
  user_id: z.string(),
  user_name: z.string().nullable(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  checks: z.array(z.string()),
  judge_model: z.string().nullable(),
  judge_threshold: z.number().nullable(),
  /** Answers to score and those scored so far. */
  total: z.number(),
  done: z.number(),
  judge_calls: z.number().nullable(),
  /** Verdicts taken from the cache. */
  reused: z.number().nullable(),
  cost_usd: z.number().nullable(),
  error: z.string().nullable(),
  /** Pass rate per version under this scoring (null until it has ended). */
  versions: z.array(z.object({ version_index: z.number(), label: z.string(), passed: z.number(), pass_rate: z.number().nullable() })).nullable(),
});
export type EvaluationScoring = z.infer<typeof EvaluationScoringSchema>;
export const EvaluationScoringEnvelopeSchema = z.object({ data: EvaluationScoringSchema });
export const EvaluationScoringListEnvelopeSchema = z.object({ data: z.array(EvaluationScoringSchema) });

export const EvaluationScoringCompareQuerySchema = z.object({
  a: z.coerce.number().int().min(1).max(1_000),
  b: z.coerce.number().int().min(1).max(1_000),
});

/** Flipped questions listed at most (the counts are whole). */
export const SCORING_FLIPS_MAX = 500;

const EvaluationScoringCompareSchema = z.object({
  a: z.number(),
  b: z.number(),
  /** Check spellings only one side has. */
  checks_only_a: z.array(z.string()),
  checks_only_b: z.array(z.string()),
  versions: z.array(z.object({ version_index: z.number(), label: z.string(), pass_rate_a: z.number().nullable(), pass_rate_b: z.number().nullable(), to_passed: z.number(), to_failed: z.number() })),
  /** Questions whose verdict for a version differs between the two scorings (passed ↔ failed, or any other change). */
  flipped: z.array(z.object({ question_index: z.number(), question: z.string(), version_index: z.number(), from: VerdictSchema, to: VerdictSchema })),
  flipped_total: z.number(),
});
export type EvaluationScoringCompare = z.infer<typeof EvaluationScoringCompareSchema>;
export const EvaluationScoringCompareEnvelopeSchema = z.object({ data: EvaluationScoringCompareSchema });

// ---------------------------------------------------------------------------------------------------------------
// POST /api/evaluations/runs/{id}/designate

export const EvaluationDesignateRequestSchema = z.strictObject({
  /** The preset version number that won (one of the run's preset versions). */
  version: z.number().int().min(1),
  /** The preset's designated version number the page showed: 409 when the preset has moved on since. */
  expected_version: z.number().int().min(1),
  /** An admin designating a version that does not meet the preset's release gate says why (kept in the audit note). */
  override_reason: z.string().trim().min(1, { message: "must say why" }).max(500, { message: "must be at most 500 characters" }).optional(),
});
export type EvaluationDesignateRequest = z.infer<typeof EvaluationDesignateRequestSchema>;

const EvaluationDesignateResultSchema = z.object({
  slug: z.string(),
  /** The version that won. */
  from_version: z.number(),
  /**
   * The gateway has no "designate" field: a save makes a new designated version. So the winner's settings are saved
   * as a new version (as the studio's restore does), and this is its number.
   */
  saved_version: z.number(),
  saved_version_id: z.string().nullable(),
  /** The audit note: "Designated from evaluation run <id>: /evaluations/runs/<id>/results". */
  note: z.string(),
  results_url: z.string(),
});
export type EvaluationDesignateResult = z.infer<typeof EvaluationDesignateResultSchema>;
export const EvaluationDesignateResultEnvelopeSchema = z.object({ data: EvaluationDesignateResultSchema });

// ---------------------------------------------------------------------------------------------------------------
// GET /api/evaluations/runs/compare?runs=a,b

/** @public BFF contract for the results pages. */
export const EVAL_COMPARE_RUNS_MAX = 8;
/**
 * A run as the comparison names it: its id, or `id:n` for the run under its scoring n (a re-score's verdicts; 1, the
 * default, is its own), so a re-scored run can be compared on the same checks and judge as another.
 */
export const EvaluationCompareRunRefSchema = z
  .string()
  .regex(/^[^:]+(:\d{1,6})?$/, { message: "must be a run id, or id:scoring" })
  .transform((token) => {
    const [id, scoring] = token.split(":");
    return { id: id!, scoring: scoring === undefined ? 1 : Number(scoring) };
  })
  .pipe(z.object({ id: EvaluationIdSchema, scoring: z.number().int().min(1) }));
export type EvaluationCompareRunRef = z.infer<typeof EvaluationCompareRunRefSchema>;

export const EvaluationCompareQuerySchema = z.object({
  runs: z
    .string()
    .max(EVAL_COMPARE_RUNS_MAX * 48)
    .transform((raw) => [...new Set(raw.split(",").map((s) => s.trim()).filter((s) => s !== ""))])
    .pipe(
      z
        .array(EvaluationCompareRunRefSchema)
        .min(2, { message: "must name at least 2 runs" })
        .max(EVAL_COMPARE_RUNS_MAX, { message: `must name at most ${EVAL_COMPARE_RUNS_MAX} runs` })
        .refine((refs) => new Set(refs.map((ref) => ref.id)).size === refs.length, { message: "must name each run once (its scorings compare on its results page)" }),
    ),
});

const EvaluationCompareSchema = z.object({
  set_id: z.string(),
  /** Check spellings every run's answers carry: the verdicts, pass rates and flips below use only these. */
  shared_checks: z.array(z.string()),
  /** Per run, the checks it has that another lacks: left out of the comparison (runs without any are not listed). */
  left_out: z.array(z.object({ run_id: z.string(), checks: z.array(z.string()) })),
  /** What else differs from the oldest run, in words (questions, set version, repeats, judge); empty when nothing. */
  differences: z.array(z.string()),
  /** Oldest first. */
  runs: z.array(
    z.object({
      run_id: z.string(),
      /** The run's name: "web-research v2 vs v3 · Demo questions" unless someone renamed it. */
      name: z.string(),
      /** The scoring whose verdicts are compared (1: the run's own; n: its re-score n). */
      scoring: z.number(),
      set_version: z.number(),
      status: z.string(),
      created_at: z.string(),
      repeats: z.number(),
      questions: z.number(),
      judge_model: z.string().nullable(),
      /** Aggregates over the shared checks only; cost_per_answer_usd = cost_usd / ended items (repeats do not double it). */
      versions: z.array(EvaluationResultVersionSchema.extend({ aggregate: VersionAggregateSchema, cost_per_answer_usd: z.number().nullable() })),
    }),
  ),
  /**
   * Questions whose verdict (on the shared checks) changed between consecutive runs, for versions with the same id in
   * both (matched by version id, questions by index; runs on different set versions are matched by index too). At
   * most 500. version_label names the version as the table does ("web-research v2").
   */
  flips: z.array(
    z.object({
      from_run: z.string(),
      to_run: z.string(),
      version_id: z.string(),
      version_label: z.string(),
      question_index: z.number(),
      question: z.string(),
      from: VerdictSchema,
      to: VerdictSchema,
    }),
  ),
  flips_total: z.number(),
});
export type EvaluationCompare = z.infer<typeof EvaluationCompareSchema>;
export const EvaluationCompareEnvelopeSchema = z.object({ data: EvaluationCompareSchema });
