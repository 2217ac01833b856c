import { z } from "zod";

/*
 * Personal access tokens (GET/POST /api/me/tokens, DELETE /api/me/tokens/{id}): what `npm run eval -- --server`
 * authenticates with. Scoped to the evaluation API; the token's text is in the creation's answer only.
 */

// The limits live in a module without zod, so the account page can show them without loading the schemas.
import { ACCESS_TOKEN_LIMITS } from "./access-token-limits";

export { ACCESS_TOKEN_LIMITS };

/** The one scope there is: the evaluation API routes (/api/evaluations/...). */
export const ACCESS_TOKEN_SCOPES = ["evaluations"] as const;

export const CreateAccessTokenRequestSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { message: "must not be empty" })
    .max(ACCESS_TOKEN_LIMITS.nameMax, { message: `must be at most ${ACCESS_TOKEN_LIMITS.nameMax} characters` }),
});
export type CreateAccessTokenRequest = z.infer<typeof CreateAccessTokenRequestSchema>;

export const AccessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(ACCESS_TOKEN_SCOPES),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type AccessToken = z.infer<typeof AccessTokenSchema>;
export const AccessTokenListResponseSchema = z.object({ data: z.array(AccessTokenSchema) });

/** The answer to a creation: the token's text, shown this once (only its hash is stored). */
export const CreatedAccessTokenEnvelopeSchema = z.object({ data: AccessTokenSchema.extend({ token: z.string() }) });
export type CreatedAccessToken = z.infer<typeof CreatedAccessTokenEnvelopeSchema>["data"];
