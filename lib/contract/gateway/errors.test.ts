import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isRecord } from "@/lib/json/is-record";
import { ChatRequestSchema } from "./chat-request";
import {
  ErrorBodySchema,
  MESSAGES,
  describeZodError,
  errorBody,
  formatIssuePath,
  zodErrorToBody,
} from "./errors";
import { REFERENCE_EXAMPLES } from "./test-fixtures/reference-examples";

function failure(schema: z.ZodType, value: unknown): z.ZodError {
  const result = schema.safeParse(value);
  if (result.success) throw new Error("expected a parse failure");
  return result.error;
}

describe("formatIssuePath", () => {
  it.each([
    [["stop"], "stop"],
    [["metadata"], "metadata"],
    [["tools", 0, "function", "name"], "tools[0].function.name"],
    [["provider", "order"], "provider.order"],
    [["plugins", 1, "max_results"], "plugins[1].max_results"],
    [["messages", 0, "content", 2, "text"], "messages[0].content[2].text"],
    [[], ""],
    [["metadata", "my key"], 'metadata["my key"]'],
    [["image_config", "aspect-ratio"], 'image_config["aspect-ratio"]'],
  ] as const)("%j -> %s", (path, expected) => {
    expect(formatIssuePath(path)).toBe(expected);
  });
});

describe("errorBody", () => {
  it("uses the status as code and omits metadata unless given", () => {
    expect(errorBody(404, MESSAGES.notFound)).toEqual({ error: { code: 404, message: "Resource not found" } });
    expect(errorBody(409, MESSAGES.conflict, { slug: "a" })).toEqual({
      error: { code: 409, message: "Resource conflict. Please try again later.", metadata: { slug: "a" } },
    });
  });

  // Each standard message with its status renders exactly a body the contract's own examples give.
  const STATUS_OF = {
    badRequest: 400,
    missingAuth: 401,
    forbiddenManagement: 403,
    notFound: 404,
    conflict: 409,
    rateLimited: 429,
    internal: 500,
  } satisfies Record<keyof typeof MESSAGES, number>;
  it.each(Object.entries(STATUS_OF) as [keyof typeof MESSAGES, number][])(
    "renders %s with %i as the contract's error body",
    (key, status) => {
      const body = errorBody(status, MESSAGES[key]);
      expect(REFERENCE_EXAMPLES.errorBody).toContainEqual(body);
      expect(ErrorBodySchema.parse(body)).toEqual(body);
    },
  );

  it("keeps a status without a standard message, and its message, as given", () => {
    expect(errorBody(418, "I'm a teapot")).toEqual({ error: { code: 418, message: "I'm a teapot" } });
  });

  it("leads a parse failure with the contract's 400 message", () => {
    const body = zodErrorToBody(failure(z.object({ n: z.number() }), { n: "x" }));
    const contract = REFERENCE_EXAMPLES.errorBody.map((example) => ErrorBodySchema.parse(example)).find((example) => example.error.code === 400);
    expect(body.error.message.startsWith(`${contract?.error.message}: `)).toBe(true);
  });
});

describe("zodErrorToBody", () => {
  it("produces the exact contract shape for one failing field", () => {
    const error = failure(ChatRequestSchema, { messages: [{ role: "user", content: "hi" }], temperature: 3 });
    expect(zodErrorToBody(error)).toEqual({
      error: {
        code: 400,
        message: "Invalid request parameters: temperature: temperature must be at most 2",
        metadata: { issues: [{ path: "temperature", message: "temperature must be at most 2" }] },
      },
    });
  });

  it("lists every failing field, in the message and in metadata.issues", () => {
    const error = failure(ChatRequestSchema, {
      messages: [{ role: "user", content: "hi" }],
      stop: ["1", "2", "3", "4", "5"],
      tools: [{ type: "function", function: { name: "no spaces please" } }],
      provider: { order: "openai" },
    });
    const body = zodErrorToBody(error);
    expect(body.error.metadata).toEqual({
      issues: [
        { path: "stop", message: "stop must have at most 4 items" },
        {
          path: "tools[0].function.name",
          message: "tools[0].function.name must use only letters, digits, underscores and dashes",
        },
        { path: "provider.order", message: "provider.order must be an array" },
      ],
    });
    expect(body.error.message).toBe(
      "Invalid request parameters: stop: stop must have at most 4 items; " +
        "tools[0].function.name: tools[0].function.name must use only letters, digits, underscores and dashes; " +
        "provider.order: provider.order must be an array",
    );
    expect(ErrorBodySchema.parse(body)).toEqual(body);
  });

  it("accepts a custom leading message", () => {
    const error = failure(z.object({ limit: z.number().max(10) }), { limit: 11 });
    expect(zodErrorToBody(error, "Invalid query").error.message).toBe("Invalid query: limit: limit must be at most 10");
  });

  it("describes the common rule kinds in plain English", () => {
    const schema = z.object({
      name: z.string().min(1),
      count: z.number().int().min(1),
      kind: z.enum(["a", "b"]),
      tag: z.literal("x"),
      id: z.uuid(),
      day: z.iso.date(),
      list: z.array(z.string()).min(2),
    });
    const issues = describeZodError(
      failure(schema, { name: "", count: 0, kind: "c", tag: "y", id: "nope", day: "2025-1-1", list: [] }),
    );
    expect(issues).toEqual([
      { path: "name", message: "name must not be empty" },
      { path: "count", message: "count must be at least 1" },
      { path: "kind", message: "kind must be one of: a, b" },
      { path: "tag", message: 'tag must be "x"' },
      { path: "id", message: "id must be a UUID" },
      { path: "day", message: "day must be an ISO 8601 date (YYYY-MM-DD)" },
      { path: "list", message: "list must have at least 2 items" },
    ]);
    expect(describeZodError(failure(schema.pick({ name: true }), {}))).toEqual([
      { path: "name", message: "name is required" },
    ]);
    expect(describeZodError(failure(z.strictObject({}), { extra: 1 }))).toEqual([
      { path: "extra", message: "extra is not a recognized field" },
    ]);
  });
});

describe("ErrorBodySchema", () => {
  it("reads every reference error example, including extra routing metadata", () => {
    const examples = REFERENCE_EXAMPLES.errorBody;
    expect(examples.length).toBeGreaterThanOrEqual(7);
    for (const example of examples) expect(ErrorBodySchema.safeParse(example).success).toBe(true);
    const guardrail = examples.find((example) => isRecord(example) && "openrouter_metadata" in example);
    expect(guardrail && ErrorBodySchema.parse(guardrail).openrouter_metadata).toBeTruthy();
  });

  it("reads an error whose code is a word rather than the status", () => {
    const parsed = ErrorBodySchema.parse({ error: { code: "rate_limit_exceeded", message: "Slow down" } });
    expect(parsed.error).toEqual({ code: "rate_limit_exceeded", message: "Slow down" });
  });

  it("rejects a body without error.code or error.message", () => {
    expect(ErrorBodySchema.safeParse({ error: { message: "x" } }).success).toBe(false);
    expect(ErrorBodySchema.safeParse({ error: { code: 400 } }).success).toBe(false);
    expect(ErrorBodySchema.safeParse({ message: "x" }).success).toBe(false);
  });
});
