import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, FieldErrors, Resolver } from "react-hook-form";
import { ChatRequestSchema, describeZodError, type ChatRequestInput, type FieldIssue } from "@/lib/contract/gateway";
import { pruneRequest } from "./form-values";

/**
 * `tools[0].function.name` -> ["tools", 0, "function", "name"]; `metadata["a b"]` -> ["metadata", "a b"].
 * The inverse of the contract's formatIssuePath.
 */
export function parseIssuePath(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  let index = 0;
  while (index < path.length) {
    const char = path[index];
    if (char === ".") {
      index += 1;
    } else if (char === "[") {
      if (path[index + 1] === '"') {
        // A JSON string literal: find its closing quote, skipping escapes.
        let end = index + 2;
        while (end < path.length && path[end] !== '"') end += path[end] === "\\" ? 2 : 1;
        segments.push(JSON.parse(path.slice(index + 1, end + 1)) as string);
        index = end + 2;
      } else {
        const end = path.indexOf("]", index);
        segments.push(Number(path.slice(index + 1, end)));
        index = end + 1;
      }
    } else {
      let end = index;
      while (end < path.length && path[end] !== "." && path[end] !== "[") end += 1;
      segments.push(path.slice(index, end));
      index = end;
    }
  }
  return segments;
}

export interface RequestIssue extends FieldIssue {
  segments: (string | number)[];
}

/** Every schema problem of the (pruned) request, with the contract's wording and structured paths. */
export function validateRequest(values: unknown): RequestIssue[] {
  const result = ChatRequestSchema.safeParse(pruneRequest(values));
  if (result.success) return [];
  return describeZodError(result.error).map((issue) => ({ ...issue, segments: parseIssuePath(issue.path) }));
}

/** react-hook-form field name of an issue path; issues on the body itself go to `root`. */
export function issueFieldName(segments: readonly (string | number)[]): string {
  return segments.length === 0 ? "root" : segments.join(".");
}

/**
 * The editor's resolver: the shared ChatRequestSchema, with messages worded by the contract's
 * describeZodError. zodResolver would report a union's first branch ("expected string, received
 * array" for a fifth stop sequence); this says "stop must have at most 4 items", the same sentence
 * the BFF answers with. Values are passed through unparsed: the schema applies no transforms, and
 * the request saved is the one the user sees in the JSON view.
 */
export const chatRequestResolver: Resolver<ChatRequestInput> = async (values, _context, options) => {
  const issues = validateRequest(values);
  if (issues.length === 0) return { values, errors: {} };
  const flat: Record<string, FieldError> = {};
  for (const issue of issues) {
    const name = issueFieldName(issue.segments);
    flat[name] ??= { type: "schema", message: issue.message };
  }
  return { values: {}, errors: toNestErrors(flat as FieldErrors, options) as FieldErrors<ChatRequestInput> };
};
