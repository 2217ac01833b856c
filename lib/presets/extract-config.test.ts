import { describe, expect, it } from "vitest";
import { ChatRequestSchema, PresetEnvelopeSchema } from "@/lib/contract/gateway";
import { REFERENCE_EXAMPLES } from "@/lib/contract/gateway/test-fixtures/reference-examples";
import {
  PER_REQUEST_FIELDS,
  PRESET_CONFIG_FIELDS,
  extractPresetConfig,
  systemPromptOf,
} from "./extract-config";

const parse = (body: unknown) => ChatRequestSchema.parse(body);

describe("PRESET_CONFIG_FIELDS", () => {
  it("classifies every chat request field of 4.1.1 exactly once", () => {
    const requestFields = Object.keys(ChatRequestSchema.shape).sort();
    const stored: string[] = [...PRESET_CONFIG_FIELDS];
    const perRequest = Object.keys(PER_REQUEST_FIELDS);
    expect([...stored, ...perRequest].sort()).toEqual(requestFields);
    expect(stored.filter((field) => perRequest.includes(field))).toEqual([]);
  });
});

describe("extractPresetConfig", () => {
  it("stores the config fields and lists the ignored ones (known fields first, unknown last)", () => {
    const request = parse({
      messages: [{ role: "user", content: "Hi" }],
      model: "openai/gpt-4o",
      stream: true,
      temperature: 0.2,
      session_id: "s1",
      provider: { order: ["openai"], allow_fallbacks: false },
      plugins: [{ id: "web", max_results: 3 }],
      metadata: { team: "a" },
      prompt: "a field this gateway does not know",
      user: "u1",
      reasoning_effort: "low",
      stop: null,
    });
    const { config, ignored_fields } = extractPresetConfig(request);
    expect(config).toEqual({
      model: "openai/gpt-4o",
      temperature: 0.2,
      provider: { order: ["openai"], allow_fallbacks: false },
      plugins: [{ id: "web", max_results: 3 }],
      reasoning_effort: "low",
      stop: null,
      metadata: { team: "a" },
    });
    expect(ignored_fields).toEqual(["messages", "stream", "session_id", "user", "prompt"]);
  });

  it("reproduces the reference sample: config {model, temperature} and the system prompt", () => {
    const [, presetRequest] = REFERENCE_EXAMPLES.chatRequest;
    const created = REFERENCE_EXAMPLES.presetEnvelope
      .map((example) => PresetEnvelopeSchema.parse(example))
      .find((example) => example.data.designated_version?.config.model === "openai/gpt-5.4");
    const { config, system_prompt } = extractPresetConfig(parse(presetRequest));
    expect(config).toEqual(created?.data.designated_version?.config);
    expect(system_prompt).toBe(created?.data.designated_version?.system_prompt);
  });
});

describe("system prompt rule", () => {
  it("joins system messages with a blank line and text parts with a newline", () => {
    const request = parse({
      messages: [
        { role: "system", content: "You are terse." },
        { role: "user", content: "Hi" },
        { role: "developer", content: "Per-request instruction" },
        {
          role: "system",
          content: [
            { type: "text", text: "Cite sources." },
            { type: "text", text: "Use metric units." },
          ],
        },
        { role: "assistant", content: "Hello" },
      ],
    });
    expect(extractPresetConfig(request).system_prompt).toBe(
      "You are terse.\n\nCite sources.\nUse metric units.",
    );
  });

  it("is empty without system messages, and developer messages do not count", () => {
    expect(systemPromptOf(parse({ messages: [{ role: "user", content: "Hi" }] }).messages)).toBe("");
    expect(
      systemPromptOf(parse({ messages: [{ role: "developer", content: "Be brief." }] }).messages),
    ).toBe("");
  });

  it("skips empty system messages instead of adding blank separators", () => {
    const messages = parse({
      messages: [
        { role: "system", content: "" },
        { role: "system", content: "Only this." },
        { role: "system", content: [] },
      ],
    }).messages;
    expect(systemPromptOf(messages)).toBe("Only this.");
  });
});
