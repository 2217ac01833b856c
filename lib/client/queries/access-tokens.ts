import { queryOptions } from "@tanstack/react-query";
import type { AccessToken, CreateAccessTokenRequest, CreatedAccessToken } from "@/lib/contract/bff/access-tokens";
import { apiData, apiRequest } from "@/lib/client/api-client";

/** Query keys and calls of the account page's personal access tokens (GET/POST /api/me/tokens, DELETE /api/me/tokens/[id]). */

const contract = () => import("@/lib/contract/bff/access-tokens");

export const accessTokenKeys = {
  all: ["access-tokens"] as const,
  list: () => [...accessTokenKeys.all, "list"] as const,
};

export const accessTokenQueries = {
  list: () =>
    queryOptions({
      queryKey: accessTokenKeys.list(),
      queryFn: ({ signal }): Promise<AccessToken[]> => apiData("/api/me/tokens", () => contract().then((c) => c.AccessTokenListResponseSchema), { signal }),
    }),
};

export function createAccessToken(input: CreateAccessTokenRequest): Promise<CreatedAccessToken> {
  return apiData("/api/me/tokens", () => contract().then((c) => c.CreatedAccessTokenEnvelopeSchema), { method: "POST", json: input });
}

export async function revokeAccessToken(id: string): Promise<void> {
  await apiRequest(`/api/me/tokens/${encodeURIComponent(id)}`, { method: "DELETE" });
}
