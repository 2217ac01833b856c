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
