import { apiErrorMessage } from "@/lib/client/api-error-message";

/** Why the catalog's model list could not be read, in words for the page. */
export function catalogErrorMessage(error: unknown): string {
  return apiErrorMessage(error, {
    status: { 401: "Your session has ended. Sign in again to see the catalog.", 0: (answer) => answer.message },
    answered: (answer) => `The gateway answered ${answer.status}: ${answer.message}`,
    otherwise: () => "The model list could not be read.",
  });
}
