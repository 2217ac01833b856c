import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codePointLength, tokenize } from "./tokens";

describe("tokens", () => {
  it("concatenate back to the text and never split a code point", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (text) => {
        const tokens = tokenize(text);
        expect(tokens.join("")).toBe(text);
        for (const token of tokens) expect(token).toBe(token.toWellFormed());
      }),
    );
    expect(codePointLength("a😀é")).toBe(3);
  });
});
