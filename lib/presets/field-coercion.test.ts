import { describe, expect, it } from "vitest";
import { chipValues, emptyToUndefined, toggleOption, toNumber, toText, toTriState } from "./field-coercion";

describe("field coercion", () => {
  it("treats empty text and null as unset", () => {
    expect(emptyToUndefined("")).toBeUndefined();
    expect(emptyToUndefined(null)).toBeUndefined();
    expect(emptyToUndefined("x")).toBe("x");
    expect(emptyToUndefined(0)).toBe(0);
  });

  it("reads numbers, keeping text that is not one for the schema to report", () => {
    expect(toNumber("")).toBeUndefined();
    expect(toNumber(undefined)).toBeUndefined();
    expect(toNumber(3)).toBe(3);
    expect(toNumber("0.5")).toBe(0.5);
    expect(toNumber("abc")).toBe("abc");
  });

  it("reads a tri-state select", () => {
    expect(toTriState("true")).toBe(true);
    expect(toTriState(false)).toBe(false);
    expect(toTriState("null")).toBeNull();
    expect(toTriState("")).toBeUndefined();
  });

  it("keeps empty text only for fields that must be present", () => {
    expect(toText("", "")).toBe("");
    expect(toText(undefined, "")).toBe("");
    expect(toText("")).toBeUndefined();
    expect(toText("a")).toBe("a");
  });

  it("shows a single string as one chip", () => {
    expect(chipValues(["a", 1])).toEqual(["a", "1"]);
    expect(chipValues("END")).toEqual(["END"]);
    expect(chipValues(undefined)).toEqual([]);
  });

  it("keeps checked options in the group's order and unsets an empty group", () => {
    const options = ["text", "image", "audio"];
    expect(toggleOption(options, ["audio"], "text", true)).toEqual(["text", "audio"]);
    expect(toggleOption(options, ["audio", "text"], "audio", false)).toEqual(["text"]);
    expect(toggleOption(options, ["text"], "text", false)).toBeUndefined();
  });
});
