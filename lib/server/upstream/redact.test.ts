import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetServerEnv } from "../config/env";
import { redactedResponse, redactSecrets } from "./redact";

const KEY = "gw-live-key-5f2c9a7e1b3d";
const saved = { ...process.env };

beforeAll(() => {
  Object.assign(process.env, { GATEWAY_URL: "http://127.0.0.1:9/api/v1", GATEWAY_API_KEY: KEY, AUTH_SECRET: "s".repeat(32), GATEHOUSE_MODE: "remote" });
  resetServerEnv();
});
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
  resetServerEnv();
});

function streamOf(chunks: string[]): Response {
  const encoder = new TextEncoder();
  return new Response(new ReadableStream({ start(controller) {
    for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
    controller.close();
  } }));
}

describe("redaction of what the gateway sends", () => {
  it("replaces the configured key, any Authorization value and sk- keys", () => {
    expect(redactSecrets(`Authorization: Bearer ${KEY}`)).toBe("Authorization: Bearer [redacted]");
    expect(redactSecrets("with basic dXNlcjpwYXNzd29yZA== and sk-or-v1-0123456789abcdef0123")).toBe("with basic [redacted] and [redacted]");
    expect(redactSecrets("nothing to see")).toBe("nothing to see");
  });

  it("redacts a key split between two chunks of a stream, and leaves other bytes as they are", async () => {
    const half = KEY.length / 2;
    const body = await redactedResponse(streamOf([`data: {"type":"error","message":"bad key ${KEY.slice(0, half)}`, `${KEY.slice(half)}"}\n\n`, 'data: {"type":"x","text":"héllo"}\n\n', "data: [DONE]\n\n"])).text();
    expect(body).toBe('data: {"type":"error","message":"bad key [redacted]"}\n\ndata: {"type":"x","text":"héllo"}\n\ndata: [DONE]\n\n');
  });
});
