import "server-only";
import { z } from "zod";
import { CreateAccessTokenRequestSchema } from "@/lib/contract/bff/access-tokens";
import { parseWith, readJsonBody } from "../http/body";
import { jsonResponse } from "../http/errors";
import { defineRoute, type IdParams } from "../http/route";
import { createOwnToken, listOwnTokens, revokeOwnToken } from "../services/access-tokens";

const TokenIdSchema = z.uuid({ message: "must be a token id this API gave out" });

/** GET /api/me/tokens: the signed-in person's live personal access tokens. */
export const listMyTokens = defineRoute({ role: "viewer" }, async ({ user }) => jsonResponse({ data: await listOwnTokens(user) }));

/** POST /api/me/tokens: an editor creates a token (for `npm run eval -- --server`); 201 with its text, shown once. */
export const createMyToken = defineRoute({ role: "editor", mutating: true }, async ({ request, user }) => {
  const body = parseWith(CreateAccessTokenRequestSchema, await readJsonBody(request));
  return jsonResponse({ data: await createOwnToken(user, body) }, { status: 201, headers: { "cache-control": "no-store" } });
});

/** DELETE /api/me/tokens/[id]: revokes one of the signed-in person's tokens (any role: a demoted editor can still revoke). */
export const revokeMyToken = defineRoute<IdParams>({ role: "viewer", mutating: true }, async ({ params, user }) => {
  await revokeOwnToken(user, parseWith(TokenIdSchema, params.id, "Invalid token id"));
  return new Response(null, { status: 204 });
});
