import "server-only";
import { ACCESS_TOKEN_LIMITS, type AccessToken, type CreatedAccessToken, type CreateAccessTokenRequest } from "@/lib/contract/bff/access-tokens";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { appContext } from "../config/app-context";
import { TokenLimitError } from "../db/access-tokens-store";
import { HttpError } from "../http/errors";
import { hashAccessToken, newAccessToken } from "../auth/access-tokens";

/** The signed-in person's live tokens (the account page): names and dates, never a token's text. */
export async function listOwnTokens(user: SessionUser): Promise<AccessToken[]> {
  return (await appContext()).accessTokens.list(user.id);
}

/** A new token for the signed-in person: its text is in this answer only (409 past the per-person bound). */
export async function createOwnToken(user: SessionUser, body: CreateAccessTokenRequest): Promise<CreatedAccessToken> {
  const token = newAccessToken();
  try {
    const stored = await (await appContext()).accessTokens.create({ userId: user.id, name: body.name, tokenHash: hashAccessToken(token), scope: "evaluations", max: ACCESS_TOKEN_LIMITS.perUserMax });
    return { ...stored, token };
  } catch (error) {
    if (error instanceof TokenLimitError) throw new HttpError(409, error.message, { metadata: { limit: ACCESS_TOKEN_LIMITS.perUserMax } });
    throw error;
  }
}

/** Revokes one of the signed-in person's tokens: it answers 401 from the next request on (404 when not theirs). */
export async function revokeOwnToken(user: SessionUser, id: string): Promise<void> {
  if (!(await (await appContext()).accessTokens.revoke(user.id, id))) throw new HttpError(404, "You have no live token with this id");
}
