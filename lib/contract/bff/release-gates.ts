import { z } from "zod";
import { parseCheck } from "@/lib/evaluations/check-spelling";

/**
 * A preset's release gate and the designated version's history (issue 38 part 6). Routes:
 *   GET    /api/presets/{slug}/gate[?run=<id>]      viewer  the gate, each version's state against it, the moves → ReleaseGateStateEnvelopeSchema
 *   PUT    /api/presets/{slug}/gate                 admin   body ReleaseGateSchema → the same envelope
 *   DELETE /api/presets/{slug}/gate                 admin   no gate any more → the same envelope
 *   POST   /api/presets/{slug}/designations/revert  editor  body RevertDesignationRequestSchema → RevertDesignationEnvelopeSchema
 * With a gate, POST /api/evaluations/runs/{id}/designate answers 409 naming each unmet threshold and the run unless an
 * admin gives `override_reason` (kept in the audit note and in the move).
 */

const GateCheckSchema = z
  .string()
  .max(2_000)
  .superRefine((spelling, ctx) => {
    const parsed = parseCheck(spelling);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
  });

export const ReleaseGateSchema = z.strictObject({
  /** The question set a justifying run must be of. */
  set_id: z.uuid({ message: "must be an id this API gave out" }),
  /** Checks the run must have scored; the thresholds read these only (spelled as for a run). */
  checks: z.array(GateCheckSchema).min(1, { message: "must name at least one check" }).max(50),
  /** Share of answers passing every gate check, 0..1. */
  min_pass_rate: z.number().min(0).max(1).optional(),
  /** Mean citation precision (a citation-support check), 0..1. */
  min_citation_precision: z.number().min(0).max(1).optional(),
  /** At most this many questions the designated version passes and the candidate does not (the run must include both). */
  max_regressions: z.number().int().min(0).max(10_000).optional(),
  /** Mean cost per answer, USD. */
  max_cost_per_answer_usd: z.number().min(0).max(1_000).optional(),
  /** 95th percentile latency of the answers, ms. */
  max_latency_p95_ms: z.number().int().min(0).max(3_600_000).optional(),
});
export type ReleaseGate = z.infer<typeof ReleaseGateSchema>;

const GATE_THRESHOLDS = ["finished", "version", "question_set", "checks", "pass_rate", "citation_precision", "regressions", "cost_per_answer", "latency_p95"] as const;

const UnmetSchema = z.object({ threshold: z.enum(GATE_THRESHOLDS), message: z.string() });
export type GateUnmet = z.infer<typeof UnmetSchema>;

/** One run's verdict on one preset version against the gate. */
const GateEvaluationSchema = z.object({
  run_id: z.string(),
  run_name: z.string(),
  version: z.number(),
  met: z.boolean(),
  unmet: z.array(UnmetSchema),
  figures: z.object({
    pass_rate: z.number().nullable(),
    citation_precision: z.number().nullable(),
    regressions: z.number().nullable(),
    cost_per_answer_usd: z.number().nullable(),
    latency_p95_ms: z.number().nullable(),
  }),
});
export type GateEvaluation = z.infer<typeof GateEvaluationSchema>;

const DesignationMoveSchema = z.object({
  id: z.number(),
  from_version: z.number().nullable(),
  /** The version the save made (the gateway designates every save). */
  to_version: z.number(),
  /** The version whose settings it carries (the run's winner; for a revert, the version designated before). */
  source_version: z.number(),
  run_id: z.string().nullable(),
  override_reason: z.string().nullable(),
  /** Set on a revert: the move it undid. */
  reverts_move: z.number().nullable(),
  user_name: z.string(),
  user_email: z.string(),
  created_at: z.string(),
});
export type DesignationMove = z.infer<typeof DesignationMoveSchema>;

const ReleaseGateStateSchema = z.object({
  slug: z.string(),
  gate: ReleaseGateSchema.nullable(),
  designated_version: z.number().nullable(),
  /** Per preset version that a recent finished run of the gate's set tried: the best evaluation (met first, then newest). */
  versions: z.array(GateEvaluationSchema),
  /** Newest first, at most 100. */
  moves: z.array(DesignationMoveSchema),
  /** With `?run=<id>`: each of the preset's versions in that run against the gate (the results page's buttons). */
  run: z.array(GateEvaluationSchema).optional(),
});
export type ReleaseGateState = z.infer<typeof ReleaseGateStateSchema>;
export const ReleaseGateStateEnvelopeSchema = z.object({ data: ReleaseGateStateSchema });

export const ReleaseGateQuerySchema = z.object({ run: z.uuid({ message: "must be an id this API gave out" }).optional() });

export const RevertDesignationRequestSchema = z.strictObject({
  /** The move to undo: it must be the newest one and the preset still at its version. */
  move_id: z.number().int().min(1),
});
export const RevertDesignationEnvelopeSchema = z.object({ data: z.object({ slug: z.string(), saved_version: z.number(), move: DesignationMoveSchema }) });
