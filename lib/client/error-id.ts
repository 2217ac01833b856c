/**
 * The id under which the server logged a failure, for a user to quote: the BFF's `error_id` (in the metadata of
 * an unexpected 500's body, which lib/client/api-client's ApiError carries) or Next's `digest` (a server render
 * that threw; its message is hidden in production). Null when neither. Duck-typed rather than `instanceof
 * ApiError`, so the error pages that call it do not bring the API client into every page's first load.
 */
export function errorIdOf(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const { metadata, digest } = error as { metadata?: unknown; digest?: unknown };
  const errorId = typeof metadata === "object" && metadata !== null ? (metadata as { error_id?: unknown }).error_id : undefined;
  if (typeof errorId === "string" && errorId !== "") return errorId;
  return typeof digest === "string" && digest !== "" ? digest : null;
}
