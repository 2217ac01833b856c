import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codePointLength, countTokens, tokenize } from "./tokens";

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

  it("are counted without being made, to the same number", () => {
    const samples = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 200 }),
      fc.string({ unit: fc.constantFrom("a", "Z", "9", " ", "\n", "\u00a0", "\u3000", "é", "e\u0301", "字", "😀", "-", "\ud800", "\t"), maxLength: 80 }),
    );
    fc.assert(fc.property(samples, (text) => countTokens(text) === tokenize(text).length));
    expect(countTokens("abcdefghij  klm   ")).toBe(4);
  });

  it("stop at the number asked for", () => {
    expect(tokenize("one two three four", 2)).toEqual(["one", " two"]);
    expect(tokenize("one two", 10)).toEqual(["one", " two"]);
  });
});
