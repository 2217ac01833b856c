import { describe, expect, it } from "vitest";
import { normalizeHostname } from "./hostname";
import { ItemResultSchema } from "./item-result";
import { QuestionSetSchema } from "./questions";

describe("normalizeHostname", () => {
  it("lowercases, drops www. and a trailing dot, and converts to punycode", () => {
    expect(normalizeHostname(" WWW.Example.COM. ")).toEqual({ ok: true, value: "example.com" });
    expect(normalizeHostname("docs.example.co.uk")).toEqual({ ok: true, value: "docs.example.co.uk" });
    expect(normalizeHostname("bücher.de")).toEqual({ ok: true, value: "xn--bcher-kva.de" });
  });

  it("refuses schemes, paths, wildcards and single labels with a message", () => {
    expect(normalizeHostname("https://example.com")).toMatchObject({ ok: false, message: expect.stringContaining("no scheme or path") });
    expect(normalizeHostname("example.com/x").ok).toBe(false);
    expect(normalizeHostname("*.example.com").ok).toBe(false);
    expect(normalizeHostname("localhost").ok).toBe(false);
    expect(normalizeHostname("-bad.com").ok).toBe(false);
    expect(normalizeHostname("").ok).toBe(false);
  });
});

describe("schemas", () => {
  it("bounds a set's size", () => {
    expect(QuestionSetSchema.safeParse([]).success).toBe(false);
    expect(QuestionSetSchema.safeParse(Array.from({ length: 10_001 }, () => ({ question: "q" }))).success).toBe(false);
  });

  it("reads an item result in the contract's error shape", () => {
    const parsed = ItemResultSchema.parse({ answer: "", citations: [], sources: [], cost_usd: null, latency_ms: 10, ttft_ms: null, error: { code: "rate_limit_exceeded", message: "slow down" } });
    expect(parsed.error).toEqual({ code: "rate_limit_exceeded", message: "slow down" });
    expect(ItemResultSchema.safeParse({ answer: "", citations: [{ url: "u", start_index: -1, end_index: 0 }], sources: [], cost_usd: 0, latency_ms: 0, ttft_ms: 0 }).success).toBe(false);
  });
});
