import { ApiError } from "@/lib/client/api-client";

/** Why the catalog's model list could not be read, in words for the page. */
export function catalogErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return "Your session has ended. Sign in again to see the catalog.";
    if (error.status === 0) return error.message;
    return `The gateway answered ${error.status}: ${error.message}`;
  }
  return "The model list could not be read.";
}
