import { z } from "zod";
import { countedListSchema } from "@/lib/contract/gateway/counted-list";
import { PresetSchema } from "@/lib/contract/gateway/presets";
import { ROLES } from "./roles";

/**
 * Wire shapes the BFF serves that are Gatehouse's own (not the gateway's): the signed-in user,
 * user administration and the preset audit log. Pure, so client components parse with them too.
 */

export { ROLES, roleAtLeast, type Role } from "./roles";
export const RoleSchema = z.enum(ROLES, { error: 'must be one of: "viewer", "editor", "admin"' });

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const MeResponseSchema = z.object({ user: SessionUserSchema });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  provider: z.enum(["credentials", "oidc"]),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const UserListResponseSchema = z.object({ data: z.array(UserSchema) });
export const UserEnvelopeSchema = z.object({ data: UserSchema });

export const EmailSchema = z.string().trim().toLowerCase().pipe(z.email({ error: "must be an email address" })).pipe(z.string().max(254));

export const PASSWORD_MIN_LENGTH = 8;
export const PasswordSchema = z
  .string({ error: "must be a string" })
  .min(PASSWORD_MIN_LENGTH, { message: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(1024, { message: "must be at most 1024 characters" });

export const CreateUserRequestSchema = z.strictObject({
  email: EmailSchema,
  name: z.string().trim().max(200).optional(),
  role: RoleSchema,
  password: PasswordSchema,
});
export type CreateUserRequest = z.infer<typeof CreateUserRequestSchema>;

export const UpdateUserRequestSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(200).optional(),
    role: RoleSchema.optional(),
    password: PasswordSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "must change at least one of name, role, password" });
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

/** One budget window (a UTC day or calendar month) of a person's spending on the ledger (lib/server/ledger). */
const BudgetWindowSchema = z.object({
  limit_usd: z.number(),
  /** Counted so far: costs once the gateway reported them, reserves of calls in flight or of unknown outcome. */
  spent_usd: z.number(),
  /** When the next window starts (ISO 8601, UTC). */
  resets_at: z.string(),
  /** True when the limit is the settings' default, not one an admin set for this person. */
  is_default: z.boolean(),
});

/** GET /api/me/budget, GET/PUT /api/users/[id]/budget. */
export const BudgetSchema = z.object({ day: BudgetWindowSchema, month: BudgetWindowSchema });
export type Budget = z.infer<typeof BudgetSchema>;
export const BudgetEnvelopeSchema = z.object({ data: BudgetSchema });

/** The most an admin may give one person per day or month (USD): far above any team's, bounded all the same. */
export const BUDGET_MAX_USD = 1_000_000;
const BudgetLimitSchema = z.number({ error: "must be a number of US dollars" }).positive({ error: "must be more than 0" }).max(BUDGET_MAX_USD, { error: `must be at most ${BUDGET_MAX_USD}` }).nullable();

/** An admin's limits for a person: USD per day and per calendar month (UTC); null puts one back to the default. */
export const UpdateBudgetRequestSchema = z.strictObject({ day_usd: BudgetLimitSchema, month_usd: BudgetLimitSchema });
export type UpdateBudgetRequest = z.infer<typeof UpdateBudgetRequestSchema>;

export const PresetAuditEntrySchema = z.object({
  slug: z.string(),
  version: z.number().int(),
  version_id: z.string().nullable(),
  user_email: z.string(),
  user_name: z.string(),
  created_at: z.string(),
  /** Why it was saved, when the save said (a designation from an evaluation run links to the run's results). */
  note: z.string().nullish(),
});
export type PresetAuditEntry = z.infer<typeof PresetAuditEntrySchema>;

export const PresetAuditResponseSchema = z.object({ data: z.array(PresetAuditEntrySchema) });
export type PresetAuditResponse = z.infer<typeof PresetAuditResponseSchema>;

/**
 * What the presets list shows of a row beyond the gateway's preset: the designated version's number (null when
 * there is none; `version_unavailable` when the gateway could not say) and the last save made through
 * Gatehouse (null: nobody saved it here).
 */
export const PresetSummarySchema = z.object({
  slug: z.string(),
  version: z.number().int().nullable(),
  version_unavailable: z.boolean().optional(),
  last_saved_by: PresetAuditEntrySchema.nullable(),
});
export type PresetSummary = z.infer<typeof PresetSummarySchema>;

/** GET /api/presets?with=summary: one page of the gateway's list, each row with its summary. */
export const PresetRowSchema = PresetSchema.extend({ summary: PresetSummarySchema });
export type PresetRow = z.infer<typeof PresetRowSchema>;
export const PresetRowListResponseSchema = countedListSchema(PresetRowSchema);
export type PresetRowListResponse = z.infer<typeof PresetRowListResponseSchema>;

/** GET /api/preset-summaries?slugs=a,b: the summaries of named presets (the list's rows when it searches or sorts). */
export const PresetSummaryListResponseSchema = z.object({ data: z.array(PresetSummarySchema) });
export const PRESET_SUMMARIES_MAX = 100;
