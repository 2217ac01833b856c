import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_SIGN_IN, safeCallbackUrl, SignInSchema } from "./sign-in-schema";

describe("safeCallbackUrl", () => {
  it.each([
    ["/files?cursor=abc#row-3", "/files?cursor=abc#row-3"],
    ["/presets/my-preset", "/presets/my-preset"],
    [["/playground", "/x"], "/playground"],
    ["/presets/./a/../b", "/presets/b"],
    ["/.%2f/x", "/.%2f/x"],
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
    // Each of these normalises to the protocol-relative //x, which a browser reads as the host x.
    "/.//x",
    "/..//x",
    "/a/..//x",
    "/%2e//x",
    "/%2E%2E//x",
    "/a/b/../..//x",
    "/%2e%2e/%2e%2e//evil.example/phish",
    "/.//evil.example/phish",
    // Backslashes, tabs and newlines, which URL parsers turn into slashes or drop.
    "/.\\/x",
    "/\\/x",
    "/\t/evil.example",
    "/\n/evil.example",
    "/.\t//x",
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
