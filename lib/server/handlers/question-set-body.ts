import "server-only";
import { z } from "zod";
import { yieldToLoop } from "@/lib/evaluations/import-chunks";
import { QUESTION_LIMITS, QuestionRowSchema, type QuestionRow } from "@/lib/evaluations/questions";
import { parseWith } from "../http/body";
import { HttpError } from "../http/errors";

/*
 * A question set's JSON body (create or update with `rows`), checked a row at a time with the event loop given turns
 * (issue 36: one schema parse of 10,000 rows of 2,000 characters held the server for everyone for seconds). The rows
 * are checked with the contract's own row schema, their issues named `rows.<i>.<field>` as the whole-body parse named
 * them; the rest of the body with the contract's request schema.
 */

/** Rows checked between turns of the event loop: a millisecond or two of work. */
const ROWS_PER_TURN = 100;

/** The body parsed with `schema`, its rows (when it carries a list of at most QUESTION_LIMITS.rowsMax) checked in turns. */
export async function parseSetBody<S extends z.ZodType<{ rows?: QuestionRow[] } | object>>(schema: S, body: unknown): Promise<z.output<S>> {
  if (typeof body !== "object" || body === null || !("rows" in body) || !Array.isArray(body.rows) || body.rows.length === 0 || body.rows.length > QUESTION_LIMITS.rowsMax) {
    return parseWith(schema, body);
  }
  const source: unknown[] = body.rows;
  const rows: QuestionRow[] = [];
  const issues: z.core.$ZodIssue[] = [];
  for (let i = 0; i < source.length; i++) {
    if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await yieldToLoop();
    const parsed = QuestionRowSchema.safeParse(source[i]);
    if (parsed.success) rows.push(parsed.data);
    else for (const issue of parsed.error.issues) issues.push({ ...issue, path: ["rows", i, ...issue.path] });
  }
  if (issues.length > 0) throw HttpError.badRequest(new z.ZodError(issues));
  // The rest of the body (name, note, version, unknown keys) by the request's schema, with one row already checked.
  const envelope = parseWith(schema, { ...body, rows: source.slice(0, 1) });
  return { ...envelope, rows };
}
