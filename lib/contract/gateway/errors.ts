import { z } from "zod";

/**
 * The contract's error body (section 7). Loose because the real gateway adds fields over time
 * (openrouter_metadata carries routing details) and a reader must not fail on them. The contract
 * makes `code` the HTTP status, but some answers of the real gateway carry a word instead
 * ("rate_limit_exceeded", its ApiErrorType); the reader takes either, so the message is not lost.
 * What we write (errorBody) always uses the status.
 */
export const ErrorDataSchema = z.looseObject({
  code: z.union([z.number().int(), z.string()]),
  message: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
});

export const ErrorBodySchema = z.looseObject({
  error: ErrorDataSchema,
  openrouter_metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  user_id: z.string().nullable().optional(),
});

export type ErrorData = z.infer<typeof ErrorDataSchema>;
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Messages the real gateway sends for each status (contract section 7). */
export const MESSAGES = {
  badRequest: "Invalid request parameters",
  missingAuth: "Missing Authentication header",
  forbiddenManagement: "Only management keys can perform this operation",
  notFound: "Resource not found",
  conflict: "Resource conflict. Please try again later.",
  rateLimited: "Rate limit exceeded",
  internal: "Internal Server Error",
} as const;

export function errorBody(
  status: number,
  message: string,
  metadata?: Record<string, unknown>,
): ErrorBody {
  return metadata === undefined
    ? { error: { code: status, message } }
    : { error: { code: status, message, metadata } };
}

export type IssuePath = ReadonlyArray<PropertyKey>;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `["tools", 0, "function", "name"]` -> `tools[0].function.name`. Keys that are not plain
 * identifiers (a metadata key with a space, a plugin id with a dash) are bracket-quoted so the
 * path stays unambiguous: `metadata["my key"]`.
 */
export function formatIssuePath(path: IssuePath): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") {
      out += `[${segment}]`;
    } else {
      const key = String(segment);
      if (IDENTIFIER.test(key)) out += out === "" ? key : `.${key}`;
      else out += `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}

export interface FieldIssue {
  /** Formatted path of the failing field ("" for the body itself). */
  path: string;
  /** Plain-English sentence naming the field and the rule, e.g. "temperature must be at most 2". */
  message: string;
}

/**
 * Custom issues carrying this param come from the catch-all branch of a tolerant union
 * ("any other type"); they are never the useful explanation of a failure.
 */
export const FALLBACK_BRANCH_PARAM = "gatehouseFallbackBranch";

type Issue = z.core.$ZodIssue;

/** Messages we write ourselves start with these words and get the field name prefixed. */
const RELATIVE_MESSAGE = /^(must|is|are|has|cannot|should) /;

function article(noun: string): string {
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

function expectedNoun(expected: string): string {
  switch (expected) {
    case "int":
      return "an integer";
    case "array":
      return "an array";
    case "object":
      return "an object";
    case "null":
      return "null";
    default:
      return article(expected);
  }
}

function fieldName(path: string): string {
  return path === "" ? "request body" : path;
}

function formatValues(values: ReadonlyArray<unknown>): string {
  return values.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ");
}

function sizeUnit(origin: string, limit: number | bigint): string {
  if (origin === "array" || origin === "set") return Number(limit) === 1 ? " item" : " items";
  if (origin === "string") return Number(limit) === 1 ? " character" : " characters";
  if (origin === "file") return " bytes";
  return "";
}

/** zod 4 sets `note` on a discriminated union's "no matching discriminator" issue (untyped). */
function unionNote(issue: z.core.$ZodIssueInvalidUnion): string | undefined {
  return (issue as { note?: string }).note;
}

function branchIsTypeMismatch(branch: ReadonlyArray<Issue>): boolean {
  return branch.some(
    (issue) =>
      (issue.path.length === 0 && (issue.code === "invalid_type" || issue.code === "invalid_value")) ||
      // A missing or wrong `type` tag means the value was never meant for this branch.
      (issue.path.length === 1 &&
        issue.path[0] === "type" &&
        (issue.code === "invalid_type" || issue.code === "invalid_value")) ||
      (issue.code === "custom" &&
        (issue.params as Record<string, unknown> | undefined)?.[FALLBACK_BRANCH_PARAM] === true) ||
      // The branch is itself a discriminated union and the value's tag matched none of it.
      (issue.code === "invalid_union" &&
        issue.path.length <= 1 &&
        unionNote(issue) === "No matching discriminator"),
  );
}

function describeUnion(issue: z.core.$ZodIssueInvalidUnion, base: IssuePath): FieldIssue[] {
  const branches = issue.errors;
  const close = branches.filter((branch) => branch.length > 0 && !branchIsTypeMismatch(branch));
  if (close.length > 0) {
    // The value had the right shape for some branch and failed a rule inside it: report that.
    const best = close.reduce((a, b) => (b.length < a.length ? b : a));
    return best.flatMap((inner) => describeIssue(inner, [...base, ...inner.path]));
  }
  const path = formatIssuePath(base);
  const rootTypeIssues = branches.flat().filter((inner) => inner.path.length === 0 && inner.code === "invalid_type");
  if (rootTypeIssues.length > 0 && rootTypeIssues.every((inner) => /received undefined$/.test(inner.message))) {
    return [{ path, message: `${fieldName(path)} is required` }];
  }
  const kinds: string[] = [];
  for (const branch of branches) {
    for (const inner of branch) {
      if (inner.path.length !== 0) continue;
      if (inner.code === "invalid_type") kinds.push(expectedNoun(inner.expected));
      else if (inner.code === "invalid_value") kinds.push(...inner.values.map((v) => JSON.stringify(v)));
    }
  }
  const unique = [...new Set(kinds)].filter((k) => k !== "null" || kinds.length === 1);
  const nullable = kinds.includes("null");
  if (unique.length === 0) return [{ path, message: `${fieldName(path)} is invalid` }];
  const list =
    unique.length === 1
      ? unique[0]
      : `${unique.slice(0, -1).join(", ")} or ${unique[unique.length - 1]}`;
  return [{ path, message: `${fieldName(path)} must be ${list}${nullable ? " (or null)" : ""}` }];
}

function describeIssue(issue: Issue, fullPath: IssuePath): FieldIssue[] {
  const path = formatIssuePath(fullPath);
  const field = fieldName(path);
  const one = (message: string): FieldIssue[] => [{ path, message }];

  if (RELATIVE_MESSAGE.test(issue.message) && issue.code !== "invalid_type") {
    return one(`${field} ${issue.message}`);
  }

  switch (issue.code) {
    case "invalid_type": {
      if (/received undefined$/.test(issue.message)) return one(`${field} is required`);
      return one(`${field} must be ${expectedNoun(issue.expected)}`);
    }
    case "too_big": {
      const limit = issue.maximum;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
        return one(`${field} must be ${issue.inclusive === false ? "less than" : "at most"} ${limit}`);
      }
      const verb = issue.origin === "array" || issue.origin === "set" ? "must have" : "must be";
      return one(`${field} ${verb} at most ${limit}${sizeUnit(issue.origin, limit)}`);
    }
    case "too_small": {
      const limit = issue.minimum;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
        return one(`${field} must be ${issue.inclusive === false ? "greater than" : "at least"} ${limit}`);
      }
      if (issue.origin === "string" && Number(limit) === 1) return one(`${field} must not be empty`);
      const verb = issue.origin === "array" || issue.origin === "set" ? "must have" : "must be";
      return one(`${field} ${verb} at least ${limit}${sizeUnit(issue.origin, limit)}`);
    }
    case "invalid_value":
      return issue.values.length === 1
        ? one(`${field} must be ${JSON.stringify(issue.values[0])}`)
        : one(`${field} must be one of: ${formatValues(issue.values)}`);
    case "invalid_format": {
      switch (issue.format) {
        case "date":
          return one(`${field} must be an ISO 8601 date (YYYY-MM-DD)`);
        case "datetime":
          return one(`${field} must be an ISO 8601 date-time`);
        case "uuid":
        case "guid":
          return one(`${field} must be a UUID`);
        default:
          return one(`${field} has an invalid format`);
      }
    }
    case "not_multiple_of":
      return one(`${field} must be a multiple of ${issue.divisor}`);
    case "unrecognized_keys":
      return issue.keys.map((key) => {
        const keyPath = formatIssuePath([...fullPath, key]);
        return { path: keyPath, message: `${keyPath} is not a recognized field` };
      });
    case "invalid_union":
      if (unionNote(issue) === "No matching discriminator") {
        const options = (issue as { options?: unknown[] }).options ?? [];
        return one(
          options.length > 0
            ? `${field} must be one of: ${formatValues(options)}`
            : `${field} has an unknown value`,
        );
      }
      return describeUnion(issue, fullPath);
    case "invalid_key":
      return issue.issues.flatMap((inner) => describeIssue(inner, [...fullPath, ...inner.path]));
    case "invalid_element":
      return issue.issues.flatMap((inner) =>
        describeIssue(inner, [...fullPath, issue.key as PropertyKey, ...inner.path]),
      );
    case "custom":
    default:
      return one(issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`);
  }
}

/** Every failing field of a zod error as {path, message}, de-duplicated, in issue order. */
export function describeZodError(err: z.ZodError): FieldIssue[] {
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  for (const issue of err.issues) {
    for (const described of describeIssue(issue, issue.path)) {
      const key = `${described.path}\u0000${described.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(described);
    }
  }
  return out;
}

/**
 * The 400 body for a failed parse:
 * {"error":{"code":400,"message":"Invalid request parameters: temperature: temperature must be
 * at most 2","metadata":{"issues":[{"path":"temperature","message":"temperature must be at most 2"}]}}}
 */
export function zodErrorToBody(err: z.ZodError, message: string = MESSAGES.badRequest): ErrorBody {
  const issues = describeZodError(err);
  const detail = issues
    .map((issue) => (issue.path === "" ? issue.message : `${issue.path}: ${issue.message}`))
    .join("; ");
  return errorBody(400, detail === "" ? message : `${message}: ${detail}`, { issues });
}
