import { ApiError } from "./api-client";

/**
 * The one way to turn what a BFF call threw into words for the page. By default: a 401 says the session
 * expired (nothing on the page is lost), another answer says the server's message, anything else
 * (a parse failure, a bug) says Gatehouse got something unexpected. A caller changes the words where
 * its context says more ("Your role cannot upload files.").
 */
export interface ApiErrorWords {
  /** Words for an answer's status, instead of the server's message; a function may read the error. */
  status?: Partial<Record<number, string | ((error: ApiError) => string)>>;
  /** How to say an answer no status entry words; the server's message by default. */
  answered?: (error: ApiError) => string;
  /** Words for what is not an answer (not an ApiError). */
  otherwise?: (error: unknown) => string;
}

export const SESSION_EXPIRED = "Your session has expired. Sign in again in another tab, then retry: nothing here is lost.";

/** Whether `error` is the BFF's answer with one of these statuses. */
export function isApiStatus(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && statuses.includes(error.status);
}

export function apiErrorMessage(error: unknown, words: ApiErrorWords = {}): string {
  if (error instanceof ApiError) {
    const entry = words.status?.[error.status] ?? (error.status === 401 ? SESSION_EXPIRED : undefined);
    if (entry !== undefined) return typeof entry === "function" ? entry(error) : entry;
    return words.answered ? words.answered(error) : error.message;
  }
  if (words.otherwise) return words.otherwise(error);
  if (error instanceof Error) return `Gatehouse answered something unexpected: ${error.message}`;
  return "Something went wrong. Try again.";
}
