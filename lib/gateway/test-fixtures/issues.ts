import type { z } from "zod";
import { zodErrorToBody, type FieldIssue } from "../errors";

/** The issues a schema reports for a value, as the 400 body's metadata would list them. */
export function issuesOf(schema: z.ZodType, value: unknown): FieldIssue[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  const metadata = zodErrorToBody(result.error).error.metadata as { issues: FieldIssue[] };
  return metadata.issues;
}

export function issuePaths(schema: z.ZodType, value: unknown): string[] {
  return issuesOf(schema, value).map((issue) => issue.path);
}
