import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_SIGN_IN, safeCallbackUrl, SignInSchema } from "./sign-in-schema";

describe("safeCallbackUrl", () => {
  it.each([
    ["/files?cursor=abc#row-3", "/files?cursor=abc#row-3"],
    ["/presets/my-preset", "/presets/my-preset"],
    [["/playground", "/x"], "/playground"],
  ])("keeps the same-site path %j", (input, expected) => {
    expect(safeCallbackUrl(input)).toBe(expected);
  });

  it.each([
    undefined,
    "",
    "https://evil.example/presets",
    "//evil.example/presets",
    "/\\evil.example",
    "javascript:alert(1)",
    "presets",
    "/sign-in?callbackUrl=/x",
    "/api/auth/signout",
    "/files\n",
  ])("falls back for %j", (input) => {
    expect(safeCallbackUrl(input as string | undefined)).toBe(DEFAULT_AFTER_SIGN_IN);
  });
});

describe("SignInSchema", () => {
  it("explains what is missing", () => {
    const result = SignInSchema.safeParse({ email: "", password: "" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages).toContain("email: Enter your email address");
    expect(messages).toContain("password: Enter your password");
    expect(SignInSchema.safeParse({ email: "nope", password: "x" }).error!.issues[0].message).toMatch(/like name@example.com/);
  });
});
