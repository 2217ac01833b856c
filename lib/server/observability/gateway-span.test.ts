import { describe, expect, it } from "vitest";
import { answerAttributes, emptyFacts, isModelCall, readChatChunk, readResponseObject, requestAttributes } from "./gen-ai-attributes";
import { traceGatewayCall } from "./gateway-span";
import { startTracing, tracingRequested } from "./start-tracing";
import { tracingState } from "./tracing";

describe("tracing unset", () => {
  it("loads nothing and hands the gateway's answer on untouched", async () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_TRACES_EXPORTER: "none" })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
    expect(await startTracing({})).toBe(false);
    expect(tracingState()).toBeUndefined();
    const answer = new Response("{}");
    let urlMade = false;
    const got = await traceGatewayCall({ method: "POST", path: "/responses", json: {}, url: () => ((urlMade = true), "http://x") }, () => undefined, async () => answer);
    expect(got).toBe(answer);
    expect(urlMade).toBe(false);
  });
});

describe("GenAI attributes", () => {
  it("names model calls and reads their parameters", () => {
    expect(isModelCall("POST", "/responses")).toBe(true);
    expect(isModelCall("POST", "/presets/web-research/chat/completions")).toBe(true);
    expect(isModelCall("GET", "/files")).toBe(false);
    const preset = requestAttributes("/presets/web-research/chat/completions", { messages: [{ role: "user", content: "hi" }], max_tokens: 50, stop: "END" }, false);
    expect(preset.name).toBe("chat @preset/web-research");
    expect(preset.attributes).toMatchObject({ "gen_ai.request.max_tokens": 50, "gen_ai.request.stop_sequences": ["END"] });
    expect(preset.attributes["gen_ai.input.messages"]).toBeUndefined();
  });

  it("reads chat completions' usage details and finish reasons, and a Responses answer cut by its token limit", () => {
    const chat = emptyFacts();
    readChatChunk({ id: "gen-1", model: "m", choices: [{ finish_reason: "length", message: { content: "abc" } }], usage: { prompt_tokens: 9, completion_tokens: 3, prompt_tokens_details: { cached_tokens: 4 }, completion_tokens_details: { reasoning_tokens: 2 } } }, chat);
    expect(answerAttributes(chat, false)).toEqual({
      "gen_ai.response.id": "gen-1",
      "gen_ai.response.model": "m",
      "gen_ai.response.finish_reasons": ["length"],
      "gen_ai.usage.input_tokens": 9,
      "gen_ai.usage.output_tokens": 3,
      "gen_ai.usage.cache_read.input_tokens": 4,
      "gen_ai.usage.reasoning.output_tokens": 2,
    });
    const cut = emptyFacts();
    readResponseObject({ id: "gen-2", status: "incomplete", incomplete_details: { reason: "max_output_tokens" } }, cut);
    expect(cut.finishReasons).toEqual(["length"]);
  });
});
