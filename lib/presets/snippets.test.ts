import { describe, expect, it } from "vitest";
import { curlSnippet, typescriptSnippet } from "./snippets";

describe("preset snippets", () => {
  it("curl calls the preset by model with placeholders for the key and base URL", () => {
    const text = curlSnippet("support-bot");
    expect(text).toContain('"model": "@preset/support-bot"');
    expect(text).toContain('curl "$GATEWAY_URL/chat/completions"');
    expect(text).toContain('-H "Authorization: Bearer $GATEWAY_API_KEY"');
  });

  it("curl quotes a body containing single quotes for the shell", () => {
    const text = curlSnippet("a", "it's");
    expect(text).toContain(`it'\\''s`);
  });

  it("TypeScript reads the key and URL from the environment", () => {
    const text = typescriptSnippet("support-bot");
    expect(text).toContain('model: "@preset/support-bot"');
    expect(text).toContain("process.env.GATEWAY_API_KEY");
    expect(text).toContain("process.env.GATEWAY_URL");
  });
});
