import type { z } from "zod";
import { expect, it } from "vitest";
import { zodErrorToBody, type FieldIssue } from "../errors";
import { REFERENCE_EXAMPLES } from "./reference-examples";

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

/**
 * One test per reference group: every example the real gateway's OpenAPI gives for it parses with the
 * reader schema, without a single issue (and the group is not empty, so a renamed group cannot pass).
 */
export function itParsesReferenceExamples(cases: readonly (readonly [keyof typeof REFERENCE_EXAMPLES, z.ZodType])[]): void {
  it.each(cases)("parse the reference %s examples", (group, schema) => {
    const examples: readonly unknown[] = REFERENCE_EXAMPLES[group];
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(issuesOf(schema, example)).toEqual([]);
  });
}
