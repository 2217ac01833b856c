import { z } from "zod";
import { parseCheck } from "./check-spelling";
import { normalizeHostname } from "./hostname";
import { missingVariable, templateVariables, VAR_NAME } from "./template";

/** Bounds of a question set; the import checks the file-level ones before parsing anything. */
export const QUESTION_LIMITS = {
  questionMaxChars: 2_000,
  expectedMaxChars: 4_000,
  tagsMax: 16,
  tagMaxChars: 40,
  domainsMax: 50,
  rowsMax: 10_000,
  /** A whole CSV or JSONL file. */
  fileMaxBytes: 16 * 1024 * 1024,
  /** One JSONL line, or one CSV record (quoted line breaks included). */
  lineMaxChars: 64 * 1024,
  /** A row's own checks (on top of the run's). */
  rowChecksMax: 16,
  checkSpellingMaxChars: 2_000,
  /** A row's `vars`: how many, a name's length, a value's length. */
  varsMax: 32,
  varNameMaxChars: 40,
  varValueMaxChars: 4_000,
} as const;


const HostnameSchema = z.string().transform((raw, ctx) => {
  const result = normalizeHostname(raw);
  if (result.ok) return result.value;
  ctx.addIssue({ code: "custom", message: result.message });
  return z.NEVER;
});

/**
 * One question of a set. Closed (unknown fields are refused) so a misspelt column or key is
 * reported instead of silently dropped.
 */
export const QuestionRowSchema = z.strictObject({
  question: z
    .string()
    .trim()
    .min(1, { message: "is required" })
    .max(QUESTION_LIMITS.questionMaxChars, { message: `must be at most ${QUESTION_LIMITS.questionMaxChars} characters` }),
  expected: z
    .string()
    .max(QUESTION_LIMITS.expectedMaxChars, { message: `must be at most ${QUESTION_LIMITS.expectedMaxChars} characters` })
    .optional(),
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1, { message: "must not be empty" })
        .max(QUESTION_LIMITS.tagMaxChars, { message: `must be at most ${QUESTION_LIMITS.tagMaxChars} characters` })
        // The CSV cell separates tags with these, so a tag holding one would not survive a round trip.
        .refine((tag) => !tag.includes(";") && !tag.includes(","), { message: "must not contain ';' or ','" }),
    )
    .max(QUESTION_LIMITS.tagsMax, { message: `must have at most ${QUESTION_LIMITS.tagsMax} tags` })
    .default([]),
  allowed_domains: z
    .array(HostnameSchema)
    .max(QUESTION_LIMITS.domainsMax, { message: `must have at most ${QUESTION_LIMITS.domainsMax} domains` })
    .default([]),
  time_sensitive: z.boolean().default(false),
  /** The row's own checks, spelt as `--check` spells them; the run's checks apply on top. */
  checks: z
    .array(
      z
        .string()
        .max(QUESTION_LIMITS.checkSpellingMaxChars, { message: `must be at most ${QUESTION_LIMITS.checkSpellingMaxChars} characters` })
        .superRefine((spelling, ctx) => {
          const parsed = parseCheck(spelling);
          if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
        }),
    )
    .max(QUESTION_LIMITS.rowChecksMax, { message: `must have at most ${QUESTION_LIMITS.rowChecksMax} checks` })
    .optional(),
  /** Values of the `{{name}}` variables of the preset's instructions and of this question. */
  vars: z
    .record(
      z
        .string()
        .max(QUESTION_LIMITS.varNameMaxChars, { message: `names must be at most ${QUESTION_LIMITS.varNameMaxChars} characters` })
        .regex(VAR_NAME, { message: "names must start with a letter or _ and hold only letters, digits and _" }),
      z.string().max(QUESTION_LIMITS.varValueMaxChars, { message: `values must be at most ${QUESTION_LIMITS.varValueMaxChars} characters` }),
    )
    .refine((vars) => Object.keys(vars).length <= QUESTION_LIMITS.varsMax, { message: `must have at most ${QUESTION_LIMITS.varsMax} variables` })
    .optional(),
}).superRefine((row, ctx) => {
  // The row's own text must resolve; the preset's variables are checked when a run picks its versions.
  const missing = missingVariable(templateVariables(row.question), row.vars);
  if (missing !== null) ctx.addIssue({ code: "custom", path: ["vars", missing], message: `the question uses {{${missing}}} but the row has no vars.${missing}` });
});
export type QuestionRow = z.infer<typeof QuestionRowSchema>;
/** @public API of lib/evaluations for the runner, pages and CLI. */
export type QuestionRowInput = z.input<typeof QuestionRowSchema>;

/** @public API of lib/evaluations for the runner, pages and CLI. */
export const QuestionSetSchema = z
  .array(QuestionRowSchema)
  .min(1, { message: "must have at least one question" })
  .max(QUESTION_LIMITS.rowsMax, { message: `must have at most ${QUESTION_LIMITS.rowsMax} questions` });
/** @public API of lib/evaluations for the runner, pages and CLI. */
export type QuestionSet = z.infer<typeof QuestionSetSchema>;

/** A list cell ("a; b, c"): `;` or `,` separated, blanks dropped. */
export function splitListCell(cell: string): string[] {
  return cell
    .split(/[;,]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

const TRUE_WORDS = new Set(["true", "yes", "1", "y"]);
const FALSE_WORDS = new Set(["false", "no", "0", "n", ""]);

/**
 * What makes a spreadsheet read a cell as a formula (CSV injection): `=`, `+`, `-` or `@` first, in their ASCII or
 * fullwidth forms (＝＋－＠, which some spreadsheets fold to ASCII), after any run of whitespace or control characters
 * (a leading space, tab or line break is skipped by some of them); or a tab, CR or LF first at all.
 */
const FORMULA_START = /^[\s\u0000-\u001f\u007f]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n]/u;

/** True when a cell would be read as a formula by a spreadsheet. */
export function startsLikeFormula(cell: string): boolean {
  return FORMULA_START.test(cell);
}

/**
 * Undoes the export's formula neutralising: "'=SUM(A1)" reads back as "=SUM(A1)", so a set
 * survives export and import unchanged. An apostrophe before anything else is kept.
 */
export function unneutralizeCell(cell: string): string {
  return cell.startsWith("'") && startsLikeFormula(cell.slice(1)) ? cell.slice(1) : cell;
}

/** true/false, yes/no, 1/0 (any case); an empty cell is false; anything else is null (an error). */
export function parseBooleanCell(cell: string): boolean | null {
  const word = cell.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}
