import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayWindows } from "@/lib/usage/days";
import { rangePieces, type RangePiece } from "./range-pieces";
import { periodStart } from "./rollups";
import { HOUR_MS } from "./windows";

const DAY_MS = 24 * HOUR_MS;
const PERSON = ["month", "day", "hour"] as const;
const TEAM = ["day", "hour"] as const;

/** How many times the pieces count the instant `at`: a piece adds its sign where it covers `at`. */
const coverage = (pieces: readonly RangePiece[], at: number) => pieces.reduce((sum, piece) => sum + (piece.from <= at && at < piece.to ? piece.sign : 0), 0);

const length = (pieces: readonly RangePiece[], source: RangePiece["source"]) => pieces.filter((piece) => piece.source === source).reduce((sum, piece) => sum + piece.to - piece.from, 0);

describe("rangePieces", () => {
  it("counts every instant of the range once and none outside it, for any range and grains", () => {
    const instant = fc.integer({ min: Date.UTC(2029, 0, 1), max: Date.UTC(2032, 0, 1) });
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 500 * DAY_MS }), fc.constantFrom(PERSON, TEAM, ["hour"] as const, [] as const), fc.array(fc.integer({ min: -2 * DAY_MS, max: 502 * DAY_MS }), { maxLength: 40 }), (from, span, grains, offsets) => {
        const to = from + span;
        const pieces = rangePieces(from, to, grains);
        // The edges and every piece's edges (and an instant either side of each) are where a gap or overlap would show.
        const probes = [from, to, ...pieces.flatMap((piece) => [piece.from, piece.to]), ...offsets.map((offset) => from + offset)].flatMap((at) => [at - 1, at, at + 1]);
        for (const at of probes) expect(coverage(pieces, at), `instant ${at}`).toBe(from <= at && at < to ? 1 : 0);
        // A rollup piece is whole periods of its grain: its rows are exactly the ones starting inside it.
        for (const piece of pieces) if (piece.source !== "entries") expect([periodStart(piece.source, piece.from), periodStart(piece.source, piece.to)]).toEqual([piece.from, piece.to]);
      }),
      { numRuns: 400 },
    );
  });

  it("reads a +05:30 day as one UTC day with five and a half hours either side, not 24 hours", () => {
    const [day] = dayWindows("2031-03-10", "2031-03-10", "Asia/Kolkata");
    const pieces = rangePieces(day!.start, day!.end, TEAM);
    expect(pieces.filter((piece) => piece.source === "day")).toHaveLength(1);
    expect(length(pieces, "hour")).toBe(10 * HOUR_MS);
    expect(length(pieces, "entries")).toBe(HOUR_MS);
  });

  it("reads 13 months as month rows and a few days, and a short range from hours and entries only", () => {
    const from = Date.UTC(2030, 9, 28, 5);
    const pieces = rangePieces(from, Date.UTC(2031, 10, 28, 5), PERSON);
    expect(pieces.filter((piece) => piece.source === "month").length).toBe(1);
    expect(length(pieces, "month")).toBeGreaterThan(390 * DAY_MS);
    expect(length(pieces, "day")).toBeLessThanOrEqual(8 * DAY_MS);
    expect(length(pieces, "hour")).toBeLessThanOrEqual(10 * HOUR_MS);
    const short = rangePieces(Date.UTC(2031, 2, 10, 11), Date.UTC(2031, 2, 10, 13, 20), PERSON);
    expect(short.map((piece) => piece.source).sort()).toEqual(["entries", "hour"]);
    expect(length(short, "hour")).toBe(2 * HOUR_MS);
  });
});
