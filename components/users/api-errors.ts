import { ApiError } from "@/lib/client/api-client";
import { apiErrorMessage } from "@/lib/client/api-error-message";

/**
 * Turns what the users API answered into messages placed where the admin looks: on the field it names
 * (400 issues, 409 duplicate email with metadata.field) or above the form when it names none.
 */

export interface PlacedErrors<F extends string> {
  fields: Partial<Record<F, string>>;
  form: string | null;
}

/** "must be at least 8 characters" -> "Password must be at least 8 characters"; other messages unchanged. */
export function withLabel(label: string, message: string): string {
  return /^must\b/.test(message) ? `${label} ${message}` : message;
}

/** The server names fields by their wire path ("email has an invalid format"): say the label instead. */
function relabel(path: string, label: string, message: string): string {
  if (message.startsWith(`${path} `)) return `${label}${message.slice(path.length)}`;
  if (message.startsWith(`${path}: `)) return `${label}: ${message.slice(path.length + 2)}`;
  return withLabel(label, message);
}

export function placeApiError<F extends string>(error: unknown, labels: Readonly<Record<F, string>>): PlacedErrors<F> {
  const fields: Partial<Record<F, string>> = {};
  const isField = (name: unknown): name is F => typeof name === "string" && Object.hasOwn(labels, name);
  if (!(error instanceof ApiError)) return { fields, form: apiErrorMessage(error) };

  const unplaced: string[] = [];
  for (const issue of error.issues) {
    const head = issue.path.split(/[.[]/)[0];
    if (isField(head) && fields[head] === undefined) fields[head] = relabel(head, labels[head], issue.message);
    else unplaced.push(issue.message);
  }
  const named = error.metadata?.field;
  if (error.issues.length === 0 && isField(named)) fields[named] = error.message;
  const placedAny = Object.keys(fields).length > 0;
  const form = unplaced.length > 0 ? unplaced.join("; ") : placedAny ? null : apiErrorMessage(error);
  return { fields, form };
}
