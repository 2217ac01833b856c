import { describe, expect, it } from "vitest";
import { describeSku, isUsableSku, normalizeResolution, parsePrice, parseSku, tokenizeSkuName } from "./sku";

describe("parseSku: the real gateway's naming schemes", () => {
  it("per-video-second: dollars per second, any resolution, audio not stated", () => {
    expect(parseSku("per-video-second", "0.10")).toMatchObject({ unit: "second", usd: 0.1, currency: "usd", resolution: null, audio: null, unknownTerms: [] });
  });

  it("per-video-second-1080p: per second, limited to 1080p", () => {
    expect(parseSku("per-video-second-1080p", "0.15")).toMatchObject({ unit: "second", usd: 0.15, resolution: "1080p", audio: null });
  });

  it("duration_seconds_with_audio_720p: per second, with audio, 720p", () => {
    expect(parseSku("duration_seconds_with_audio_720p", "0.40")).toMatchObject({ unit: "second", usd: 0.4, resolution: "720p", audio: true, unknownTerms: [] });
  });

  it("duration_seconds_without_audio_720p: the negation is read", () => {
    expect(parseSku("duration_seconds_without_audio_720p", "0.20")).toMatchObject({ unit: "second", audio: false, resolution: "720p" });
  });

  it("cents_per_video_output_second_480p: cents converted to dollars", () => {
    const sku = parseSku("cents_per_video_output_second_480p", "5");
    expect(sku).toMatchObject({ unit: "second", currency: "cents", resolution: "480p", unknownTerms: [] });
    expect(sku.usd).toBeCloseTo(0.05, 10);
  });

  it("generate: the name states no unit, so the unit is unknown (not guessed)", () => {
    const sku = parseSku("generate", "0.50");
    expect(sku.unit).toBeNull();
    expect(sku.usd).toBe(0.5);
    expect(isUsableSku(sku)).toBe(false);
    expect(describeSku(sku)).toContain("unit unknown");
  });
});

describe("parseSku: other common schemes", () => {
  it("per-video / per_generation / per request are prices per finished video", () => {
    expect(parseSku("per-video", "1.20").unit).toBe("video");
    expect(parseSku("per_generation_1080p", "2")).toMatchObject({ unit: "video", resolution: "1080p" });
    expect(parseSku("price_per_request", "0.3").unit).toBe("video");
  });

  it("a time word beats 'per video': per-video-second is per second of video", () => {
    expect(parseSku("per_video_second_4k", "0.9")).toMatchObject({ unit: "second", resolution: "4K" });
  });

  it("per minute", () => {
    expect(parseSku("per-minute-720p", "3.00")).toMatchObject({ unit: "minute", usd: 3, resolution: "720p" });
  });

  it("camelCase names are split", () => {
    expect(tokenizeSkuName("perVideoSecond1080p")).toEqual(["per", "video", "second", "1080p"]);
    expect(parseSku("perVideoSecond1080p", "0.2")).toMatchObject({ unit: "second", resolution: "1080p" });
    expect(parseSku("costPerSecond_withAudio", "0.2")).toMatchObject({ unit: "second", audio: true });
  });

  it("no_audio and silent mean without audio", () => {
    expect(parseSku("per_second_no_audio", "0.1").audio).toBe(false);
    expect(parseSku("silent-per-second", "0.1").audio).toBe(false);
  });

  it("explicit usd is accepted and stays dollars", () => {
    expect(parseSku("usd_per_second", "0.07")).toMatchObject({ unit: "second", currency: "usd", usd: 0.07 });
  });

  it("token prices are not video-second prices: unit unknown", () => {
    const sku = parseSku("video_tokens_per_million", "7");
    expect(sku.unit).toBeNull();
    expect(sku.unknownTerms).toEqual(expect.arrayContaining(["tokens", "million"]));
  });

  it("words it cannot read are kept and make the SKU unusable for estimates", () => {
    const sku = parseSku("per_second_draft_720p", "0.05");
    expect(sku.unit).toBe("second");
    expect(sku.unknownTerms).toEqual(["draft"]);
    expect(isUsableSku(sku)).toBe(false);
    expect(describeSku(sku)).toBe("per second · 720p · unread: draft");
  });

  it("seconds and minutes together contradict each other: unit unknown", () => {
    expect(parseSku("per_second_or_minute", "1").unit).toBeNull();
  });

  it("two different resolutions in one name are not silently narrowed to one", () => {
    const sku = parseSku("per_second_720p_1080p", "0.2");
    expect(sku.resolution).toBeNull();
    expect(isUsableSku(sku)).toBe(false);
  });

  it("a price that is not a number gives usd null and an unusable SKU", () => {
    const sku = parseSku("per-video-second", "free");
    expect(sku.usd).toBeNull();
    expect(isUsableSku(sku)).toBe(false);
  });
});

describe("parseSku: fixed-length prices", () => {
  it("generate-6s-768p: one 6 s video at 768p", () => {
    expect(parseSku("generate-6s-768p", "0.28")).toMatchObject({ unit: "video", duration: 6, resolution: "768p", unknownTerms: [] });
    expect(describeSku(parseSku("generate-6s-768p", "0.28"))).toBe("per video · 6 s video · 768p");
  });

  it("two different lengths in one name: unit unknown", () => {
    expect(parseSku("generate-6s-10s", "1").unit).toBeNull();
  });

  it("credits are not dollars: the word stays unread and the SKU unusable", () => {
    const sku = parseSku("credits_per_second", "5");
    expect(sku.unit).toBe("second");
    expect(sku.unknownTerms).toEqual(["credits"]);
    expect(isUsableSku(sku)).toBe(false);
  });
});

describe("normalizeResolution: one spelling per resolution, null for a name that is not one", () => {
  it.each([
    ["1080P", "1080p"],
    ["4k", "4K"],
    ["hd", null],
  ])("%j is %j", (name, resolution) => {
    expect(normalizeResolution(name)).toBe(resolution);
  });
});

describe("parsePrice: dollars as the gateway writes them, null for what is not a price", () => {
  it.each([
    ["0.50", 0.5],
    ["$1.2", 1.2],
    [".5", 0.5],
    ["-1", null],
    ["", null],
    ["1e3", null],
  ])("%j is %j", (text, usd) => {
    expect(parsePrice(text)).toBe(usd);
  });
});

describe("describeSku: what a price is for, in words", () => {
  it.each([
    ["duration_seconds_with_audio_720p", "per second · 720p · with audio"],
    ["per-video", "per video"],
  ])("%j reads %j", (name, words) => {
    expect(describeSku(parseSku(name, "1"))).toBe(words);
  });
});
