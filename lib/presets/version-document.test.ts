import { describe, expect, it } from "vitest";
import { presetDocument } from "./diff";
import { documentOf } from "./version-document";

describe("documentOf", () => {
  it("is the version's preset document", () => {
    const version = { config: { model: "m", temperature: 0.2 }, system_prompt: "Be brief." };
    expect(documentOf(version)).toEqual(presetDocument(version));
  });

  it("is one empty document for no version, so memoized diffs see the same object", () => {
    expect(documentOf(null)).toEqual({});
    expect(documentOf(null)).toBe(documentOf(null));
  });
});
