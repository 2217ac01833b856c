import { z } from "zod";
import { USAGE_FEATURES } from "@/lib/usage/features";
import { canonicalZone } from "@/lib/usage/days";

/**
 * The usage console's wire shapes (GET /api/usage, GET /api/usage/calls). Days are the viewer's local days:
 * `tz` is an IANA time zone name (lib/usage/days.ts cuts its days, DST and +05:30/+05:45 offsets included).
 */

/** The longest range one request may cover: a bound on what a view sums. */
const USAGE_MAX_RANGE_DAYS = 400;
const USAGE_CALLS_MAX_LIMIT = 200;

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date YYYY-MM-DD" }).refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), { error: "must be a real date" });
const OptionalText = z.string().trim().max(200).optional().transform((value) => (value ? value : undefined));

/** `preset` is `slug` or `slug@version`. */
const UsageFilterFields = z.object({
    from: DaySchema,
    /** Inclusive. */
    to: DaySchema,
    tz: z
      .string()
      .max(64)
      .default("UTC")
      .transform((value, ctx) => {
        const zone = canonicalZone(value);
        if (zone === null) ctx.addIssue({ code: "custom", message: "must be an IANA time zone name such as Europe/Paris" });
        return zone ?? "UTC";
      }),
    feature: z.enum(USAGE_FEATURES).optional(),
    model: OptionalText,
    preset: OptionalText,
    /** An admin's view of one person; anyone else sees only their own. */
    user: OptionalText,
});

function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 + 1;
  if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "must not be before from" });
  else if (days > USAGE_MAX_RANGE_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `the range may cover at most ${USAGE_MAX_RANGE_DAYS} days` });
}

export const UsageFilterSchema = UsageFilterFields.superRefine(checkRange);
export type UsageFilter = z.output<typeof UsageFilterSchema>;

export const UsageCallsQuerySchema = UsageFilterFields.extend({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(USAGE_CALLS_MAX_LIMIT).default(50),
}).superRefine(checkRange);
export type UsageCallsQuery = z.output<typeof UsageCallsQuerySchema>;

const AmountsSchema = z.object({ usd: z.number(), calls: z.number().int(), input_tokens: z.number(), output_tokens: z.number() });
const UsageGroupSchema = AmountsSchema.extend({ key: z.string(), label: z.string() });
export type UsageGroup = z.infer<typeof UsageGroupSchema>;

const UsageDaySchema = z.object({
  day: z.string(),
  usd: z.number(),
  by_feature: z.record(z.string(), z.number()),
  by_model: z.record(z.string(), z.number()),
});
export type UsageDay = z.infer<typeof UsageDaySchema>;

const UsageReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  total: AmountsSchema,
  /** Every day of the range, oldest first, zero where nothing was spent. */
  days: z.array(UsageDaySchema),
  by_model: z.array(UsageGroupSchema),
  by_feature: z.array(UsageGroupSchema),
  by_preset: z.array(UsageGroupSchema),
  /** Admins only (null for everyone else). */
  by_person: z.array(UsageGroupSchema).nullable(),
});
export type UsageReport = z.infer<typeof UsageReportSchema>;
export const UsageReportEnvelopeSchema = z.object({ data: UsageReportSchema });

const UsageCallSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string().nullable(),
  created_at: z.string(),
  feature: z.string(),
  model: z.string(),
  preset: z.string().nullable(),
  preset_version: z.number().int().nullable(),
  subject_kind: z.string(),
  subject_id: z.string(),
  /** Where the money was spent, in the app (null when there is no page for it). */
  href: z.string().nullable(),
  generation_id: z.string().nullable(),
  input_tokens: z.number().nullable(),
  output_tokens: z.number().nullable(),
  web_searches: z.number().nullable(),
  reserved_usd: z.number(),
  settled_usd: z.number().nullable(),
  state: z.enum(["reserved", "settled", "unknown", "released"]),
});
export type UsageCall = z.infer<typeof UsageCallSchema>;
export const UsageCallPageSchema = z.object({ data: z.array(UsageCallSchema), next_cursor: z.string().nullable() });
export type UsageCallPage = z.infer<typeof UsageCallPageSchema>;

/**
 * GET /api/usage/reconciliation (admins): the ledger's total beside the gateway's own (/activity, per UTC day, the
 * last 30 completed days only) for the same UTC days, and the gap. `gateway_usd` null says why in `gateway_note`.
 */
const UsageReconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  ledger_usd: z.number(),
  gateway_usd: z.number().nullable(),
  gap_usd: z.number().nullable(),
  gateway_note: z.string().nullable(),
});
export type UsageReconciliation = z.infer<typeof UsageReconciliationSchema>;
export const UsageReconciliationEnvelopeSchema = z.object({ data: UsageReconciliationSchema });

/** GET /api/usage/calls/[id]/generation: the gateway's record of one call (who served it, tokens, latency, cost). */
const UsageGenerationSchema = z.object({
  generation_id: z.string(),
  provider: z.string().nullable(),
  latency_ms: z.number().nullable(),
  input_tokens: z.number().nullable(),
  output_tokens: z.number().nullable(),
  cost_usd: z.number(),
  finish_reason: z.string().nullable(),
});
export type UsageGeneration = z.infer<typeof UsageGenerationSchema>;
export const UsageGenerationEnvelopeSchema = z.object({ data: UsageGenerationSchema });
