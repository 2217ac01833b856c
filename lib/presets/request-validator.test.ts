import { afterEach, describe, expect, it, vi } from "vitest";
import type { ResolverOptions } from "react-hook-form";
import type { ChatRequestInput } from "@/lib/gateway";

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
