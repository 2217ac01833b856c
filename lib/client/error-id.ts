/**
 * The id under which the server logged a failure, for a user to quote: the BFF's `error_id` (in the metadata of
 * an unexpected 500's body: the request's id), the request id of any other failed answer (its X-Request-Id, which
 * lib/client/api-client's ApiError carries), or Next's `digest` (logged with the request's id by instrumentation.ts) (a server render
 * that threw; its message is hidden in production). Null when neither. Duck-typed rather than `instanceof
 * ApiError`, so the error pages that call it do not bring the API client into every page's first load.
 */
export function errorIdOf(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const { metadata, digest, requestId } = error as { metadata?: unknown; digest?: unknown; requestId?: unknown };
  const errorId = typeof metadata === "object" && metadata !== null ? (metadata as { error_id?: unknown }).error_id : undefined;
  if (typeof errorId === "string" && errorId !== "") return errorId;
  // Any other failed answer: the request's id from its X-Request-Id header (the server's log lines carry it).
  if (typeof requestId === "string" && requestId !== "") return requestId;
  return typeof digest === "string" && digest !== "" ? digest : null;
}
