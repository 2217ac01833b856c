import { afterEach, describe, expect, it, vi } from "vitest";
import type { Resolver, ResolverOptions } from "react-hook-form";
import type { ChatRequestInput } from "@/lib/contract/gateway";

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<ChatRequestInput>;
const valid = { model: "m", messages: [{ role: "system", content: "Be brief." }] } as ChatRequestInput;

afterEach(() => {
  vi.doUnmock("./form-resolver");
  vi.resetModules();
});

describe("lazyChatRequestResolver", () => {
  it("checks with the full schema once its chunk is loaded", async () => {
    const { lazyChatRequestResolver } = await import("./request-validator");
    expect(await lazyChatRequestResolver(valid, undefined, options)).toEqual({ values: valid, errors: {} });
    const refused = await lazyChatRequestResolver({ ...valid, temperature: 3 }, undefined, options);
    expect(refused.values).toEqual({});
    expect(refused.errors.temperature?.message).toBe("temperature must be at most 2");
  });

  it("refuses the request when the checks cannot be loaded", async () => {
    vi.doMock("./form-resolver", () => {
      throw new Error("chunk failed to load");
    });
    const { lazyChatRequestResolver, VALIDATOR_UNAVAILABLE } = await import("./request-validator");
    const result = await lazyChatRequestResolver(valid, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors.root?.message).toBe(VALIDATOR_UNAVAILABLE);
  });
});

describe("checkFieldsWhenIdle", () => {
  afterEach(() => vi.useRealTimers());

  function counting() {
    const seen: unknown[] = [];
    const resolver: Resolver<ChatRequestInput> = async (values) => {
      seen.push(structuredClone(values));
      return { values, errors: {} };
    };
    return { seen, resolver };
  }
  const field = (name: string) => ({ ...options, names: [name] });

  it("checks a field's changes once typing pauses, with the values of that moment, and answers every caller", async () => {
    vi.useFakeTimers();
    const { checkFieldsWhenIdle } = await import("./request-validator");
    const { seen, resolver } = counting();
    const check = checkFieldsWhenIdle(resolver, 150);
    const values = { ...valid, temperature: 1 };
    const answers = [check(values, undefined, field("temperature"))];
    values.temperature = 1.5;
    answers.push(check(values, undefined, field("temperature")), check(values, undefined, field("seed")));
    await vi.advanceTimersByTimeAsync(149);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([{ ...valid, temperature: 1.5 }]);
    expect(await Promise.all(answers)).toHaveLength(3);
  });

  it("checks a save (every field named) at once", async () => {
    vi.useFakeTimers();
    const { checkFieldsWhenIdle } = await import("./request-validator");
    const { seen, resolver } = counting();
    const check = checkFieldsWhenIdle(resolver, 150);
    await check(valid, undefined, { ...options, names: ["model", "temperature"] });
    await check(valid, undefined, options);
    expect(seen).toHaveLength(2);
  });
});
