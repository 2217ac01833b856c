import { describe, expect, it } from "vitest";
import { mergeThreeWay } from "./merge";

describe("mergeThreeWay", () => {
  const base = { model: "a", temperature: 0.2, provider: { order: ["x", "y"], sort: "price" }, seed: 1 };

  it("keeps both sides' edits to different fields", () => {
    const mine = { ...base, temperature: 0.9 };
    const theirs = { ...base, model: "b", provider: { order: ["x", "y"], sort: "latency" } };
    const { merged, overridden } = mergeThreeWay(base, mine, theirs);
    expect(merged).toEqual({ model: "b", temperature: 0.9, provider: { order: ["x", "y"], sort: "latency" }, seed: 1 });
    expect(overridden).toEqual([]);
  });

  it("merges inside nested objects and keeps removals from either side", () => {
    const mine = { model: "a", temperature: 0.2, provider: { order: ["y", "x"], sort: "price" } };
    const theirs = { ...base, provider: { order: ["x", "y"], sort: "price", allow_fallbacks: false } };
    expect(mergeThreeWay(base, mine, theirs).merged).toEqual({
      model: "a",
      temperature: 0.2,
      provider: { order: ["y", "x"], sort: "price", allow_fallbacks: false },
    });
  });

  it("lets mine win where both changed the same field, and says so", () => {
    const mine = { ...base, temperature: 0.9, provider: { order: ["y"], sort: "price" } };
    const theirs = { ...base, temperature: 0.5, provider: { order: ["z"], sort: "price" } };
    const { merged, overridden } = mergeThreeWay(base, mine, theirs);
    expect(merged.temperature).toBe(0.9);
    expect(merged.provider).toEqual({ order: ["y"], sort: "price" });
    expect(overridden).toEqual(["temperature", "provider.order"]);
  });

  it("does not report a conflict when both made the same change", () => {
    const both = { ...base, temperature: 1 };
    expect(mergeThreeWay(base, both, both)).toEqual({ merged: both, overridden: [] });
  });

  it("keeps a field one side added and the other left alone", () => {
    const mine = { ...base, top_p: 0.5 };
    const theirs = { ...base, stop: ["END"] };
    expect(mergeThreeWay(base, mine, theirs).merged).toEqual({ ...base, top_p: 0.5, stop: ["END"] });
  });
});
