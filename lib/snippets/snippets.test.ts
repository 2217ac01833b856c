import { describe, expect, it } from "vitest";
import { defaultRequest, runBody } from "@/lib/playground/setup";
import { curlSnippet, presetCall, typescriptSnippet, type SnippetCall } from "./index";

describe("preset snippets", () => {
  it("curl calls the preset by model with placeholders for the key and base URL", () => {
    const text = curlSnippet(presetCall("support-bot"));
    expect(text).toContain('"model": "@preset/support-bot"');
    expect(text).toContain('curl "$GATEWAY_URL/chat/completions"');
    expect(text).toContain('-H "Authorization: Bearer $GATEWAY_API_KEY"');
  });

  it("curl quotes a body containing single quotes for the shell", () => {
    const text = curlSnippet(presetCall("a", "it's"));
    expect(text).toContain(`it'\\''s`);
  });

  it("TypeScript reads the key and URL from the environment", () => {
    const text = typescriptSnippet(presetCall("support-bot"));
    expect(text).toContain('"model": "@preset/support-bot"');
    expect(text).toContain("process.env.GATEWAY_API_KEY");
    expect(text).toContain("process.env.GATEWAY_URL");
    expect(text).not.toContain("eventsource-parser");
  });
});

describe("playground request snippets", () => {
  it("use the $GATEWAY_API_KEY placeholder and the request body with stream on", () => {
    const call: SnippetCall = { kind: "responses-stream", body: runBody({ ...defaultRequest("m"), input: "it's" }) };
    const curl = curlSnippet(call);
    expect(curl).toContain('curl -N "$GATEWAY_URL/responses"');
    expect(curl).toContain('-H "Authorization: Bearer $GATEWAY_API_KEY"');
    expect(curl).toContain(`"input": "it'\\''s"`);
    expect(curl).toContain('"stream": true');
    const ts = typescriptSnippet(call);
    expect(ts).toContain("Bearer ${process.env.GATEWAY_API_KEY}");
    expect(ts).toContain('"stream": true');
    expect(ts).toContain('import { createParser } from "eventsource-parser";');
  });
});
