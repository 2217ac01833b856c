/** Personal access tokens' limits (the schemas in access-tokens.ts check them; the account page shows them). */
export const ACCESS_TOKEN_LIMITS = {
  /** Live (unrevoked) tokens one person may hold. */
  perUserMax: 10,
  nameMax: 60,
} as const;
