import { describe, expect, it } from "vitest";
import { formatIssuePath } from "@/lib/contract/gateway";
import { chatRequestResolver, parseIssuePath, validateRequest } from "./form-resolver";

const base = { model: "m", messages: [{ role: "system", content: "Be brief." }] };

describe("parseIssuePath", () => {
  it("inverts the contract's path formatting", () => {
    for (const path of [[], ["temperature"], ["tools", 0, "function", "name"], ["metadata", "a b"], ["metadata", 'q"x]'], ["plugins", 3]]) {
      expect(parseIssuePath(formatIssuePath(path))).toEqual(path);
    }
  });
});

describe("validateRequest", () => {
  it("accepts a valid request and ignores cleared fields", () => {
    expect(validateRequest({ ...base, temperature: undefined, reasoning: { effort: undefined } })).toEqual([]);
  });

  it("names each broken field with the contract's wording", () => {
    const issues = validateRequest({
      ...base,
      temperature: 3,
      stop: ["a", "b", "c", "d", "e"],
      metadata: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"])),
      tools: [{ type: "function", function: { name: "bad name!" } }],
    });
    const byPath = Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));
    expect(byPath.temperature).toBe("temperature must be at most 2");
    expect(byPath.stop).toBe("stop must have at most 4 items");
    expect(byPath.metadata).toBe("metadata must have at most 16 pairs");
    expect(byPath["tools[0].function.name"]).toBe("tools[0].function.name must use only letters, digits, underscores and dashes");
    expect(issues.find((issue) => issue.path === "tools[0].function.name")?.segments).toEqual(["tools", 0, "function", "name"]);
  });
});

describe("chatRequestResolver", () => {
  it("returns nested errors react-hook-form can show on each field", async () => {
    const result = await chatRequestResolver(
      { ...base, temperature: 3, tools: [{ type: "function", function: { name: "bad name!" } }] } as never,
      undefined,
      { fields: {}, shouldUseNativeValidation: false, names: undefined },
    );
    const errors = result.errors as Record<string, unknown> & { tools?: { function?: { name?: { message?: string } } }[] };
    expect((errors.temperature as { message: string }).message).toBe("temperature must be at most 2");
    expect(errors.tools?.[0]?.function?.name?.message).toMatch(/letters, digits/);
  });

  it("passes valid values through unchanged", async () => {
    const values = { ...base, temperature: 0.5 };
    const result = await chatRequestResolver(values as never, undefined, { fields: {}, shouldUseNativeValidation: false, names: undefined });
    expect(result).toEqual({ values, errors: {} });
  });
});
