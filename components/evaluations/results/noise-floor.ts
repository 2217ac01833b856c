import type { Agreement, NoiseFloor } from "@/lib/contract/bff/evaluation-results";

/**
 * Reads the noise floor: two versions differ for real when they agree with each other less than each agrees with
 * itself across repeats. Compared on check verdicts (what a gate sees), falling back to answer similarity.
 */
function measure(agreement: Agreement | null): number | null {
  if (!agreement) return null;
  return agreement.check_agreement ?? agreement.answer_similarity;
}

interface PairReading {
  a: number;
  b: number;
  between: number | null;
  /** The lower of the two versions' agreement with themselves (the noise), null without repeats. */
  within: number | null;
  verdict: "real" | "noise" | "unknown";
}

export function readPairs(noise: NoiseFloor): PairReading[] {
  const within = new Map(noise.within.map((w) => [w.version_index, measure(w.agreement)]));
  return noise.between.map(({ a, b, agreement }) => {
    const between = measure(agreement);
    const wa = within.get(a) ?? null;
    const wb = within.get(b) ?? null;
    const floor = wa === null || wb === null ? null : Math.min(wa, wb);
    const verdict = between === null || floor === null ? "unknown" : between < floor ? "real" : "noise";
    return { a, b, between, within: floor, verdict };
  });
}
