import { describe, expect, it } from "vitest";
import type { NoiseFloor } from "@/lib/contract/bff/evaluation-results";
import { readPairs } from "./noise-floor";

const agreement = (check: number | null, answer: number | null = null) => ({ pairs: 3, answer_similarity: answer, citation_overlap: null, check_agreement: check });

describe("reading the noise floor", () => {
  it("calls a difference real only when the versions agree less than each agrees with itself", () => {
    const noise: NoiseFloor = {
      repeats: 2,
      within: [
        { version_index: 0, agreement: agreement(0.9) },
        { version_index: 1, agreement: agreement(0.8) },
        { version_index: 2, agreement: agreement(0.95) },
      ],
      between: [
        { a: 0, b: 1, agreement: agreement(0.5) },
        { a: 0, b: 2, agreement: agreement(0.92) },
      ],
    };
    expect(readPairs(noise)).toEqual([
      { a: 0, b: 1, between: 0.5, within: 0.8, verdict: "real" },
      { a: 0, b: 2, between: 0.92, within: 0.9, verdict: "noise" },
    ]);
  });

  it("falls back to answer similarity, and says nothing without repeats", () => {
    const withRepeats: NoiseFloor = {
      repeats: 2,
      within: [
        { version_index: 0, agreement: agreement(null, 0.7) },
        { version_index: 1, agreement: agreement(null, 0.7) },
      ],
      between: [{ a: 0, b: 1, agreement: agreement(null, 0.6) }],
    };
    expect(readPairs(withRepeats)[0].verdict).toBe("real");
    const single: NoiseFloor = { repeats: 1, within: [{ version_index: 0, agreement: null }], between: [{ a: 0, b: 1, agreement: agreement(0.5) }] };
    expect(readPairs(single)[0]).toMatchObject({ within: null, verdict: "unknown" });
  });
});
