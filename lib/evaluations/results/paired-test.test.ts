import { describe, expect, it } from "vitest";
import { mcnemarExactP, pairedDifferenceInterval, wilsonInterval } from "./paired-test";

describe("Wilson interval", () => {
  it("matches hand-computed values", () => {
    // 0 of 30: the upper bound is z²/(n + z²).
    const zero = wilsonInterval(0, 30);
    expect(zero.low).toBe(0);
    expect(zero.high).toBeCloseTo(3.841459 / 33.841459, 5);
    // 15 of 30: symmetric around 0.5, half-width 0.1685.
    const half = wilsonInterval(15, 30);
    expect(half.low).toBeCloseTo(0.3315, 4);
    expect(half.high).toBeCloseTo(0.6685, 4);
  });
});

describe("McNemar exact test", () => {
  it("is twice the binomial tail of the smaller discordant count", () => {
    expect(mcnemarExactP(0, 0)).toBe(1);
    // 0 vs 12: 2 · 0.5^12.
    expect(mcnemarExactP(0, 12)).toBeCloseTo(2 / 4096, 12);
    expect(mcnemarExactP(12, 0)).toBeCloseTo(2 / 4096, 12);
    // 1 vs 9: 2 · (1 + 10) / 1024.
    expect(mcnemarExactP(1, 9)).toBeCloseTo(22 / 1024, 12);
    // 5 vs 0: 2 / 32 = 0.0625, not significant at 0.05 — five flips one way are not enough.
    expect(mcnemarExactP(5, 0)).toBeCloseTo(0.0625, 12);
    // 3 vs 7: 2 · (1 + 10 + 45 + 120) / 1024.
    expect(mcnemarExactP(3, 7)).toBeCloseTo(352 / 1024, 12);
    // Equal counts: capped at 1.
    expect(mcnemarExactP(4, 4)).toBe(1);
  });

  it("stays finite for large counts", () => {
    const p = mcnemarExactP(4_000, 6_000);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-10);
    expect(mcnemarExactP(5_000, 5_000)).toBe(1);
  });
});

describe("Newcombe's paired interval (B minus A)", () => {
  it("reproduces the worked example of Altman et al. (2000), Table 6.2", () => {
    // Rows: first classification; columns: second. Here A = the columns, B = the rows, so B − A = (5 − 0) / 41.
    const ci = pairedDifferenceInterval({ both: 14, onlyB: 5, onlyA: 0, neither: 22 });
    expect(ci.difference).toBeCloseTo(5 / 41, 12);
    expect(ci.low).toBeCloseTo(0.0115, 4);
    expect(ci.high).toBeCloseTo(0.2265, 4);
  });

  it("both at 0 %: difference 0, interval ± the Wilson upper bound of 0 of n", () => {
    const ci = pairedDifferenceInterval({ both: 0, onlyA: 0, onlyB: 0, neither: 30 });
    expect(ci.difference).toBe(0);
    expect(ci.low).toBeCloseTo(-0.11351, 5);
    expect(ci.high).toBeCloseTo(0.11351, 5);
  });

  it("a clear loss stays below zero", () => {
    const ci = pairedDifferenceInterval({ both: 10, onlyA: 12, onlyB: 0, neither: 8 });
    expect(ci.difference).toBeCloseTo(-0.4, 12);
    expect(ci.low).toBeCloseTo(-0.55256, 4);
    expect(ci.high).toBeCloseTo(-0.19611, 4);
  });
});
