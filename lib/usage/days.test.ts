import { describe, expect, it } from "vitest";
import { canonicalZone, dayWindows, localDayOf, rangeBounds } from "./days";

const HOUR = 3_600_000;

describe("local days of an IANA zone", () => {
  it("follows New York's DST changes: a 23-hour day in March, a 25-hour one in November", () => {
    const march = dayWindows("2026-03-07", "2026-03-09", "America/New_York");
    expect(march.map((day) => (day.end - day.start) / HOUR)).toEqual([24, 23, 24]);
    expect(new Date(march[0]!.start).toISOString()).toBe("2026-03-07T05:00:00.000Z");
    expect(new Date(march[2]!.start).toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(dayWindows("2026-11-01", "2026-11-01", "America/New_York").map((day) => (day.end - day.start) / HOUR)).toEqual([25]);
  });

  it("starts +05:30 and +05:45 days inside a UTC hour", () => {
    expect(new Date(rangeBounds("2026-03-01", "2026-03-01", "Asia/Kolkata").start).toISOString()).toBe("2026-02-28T18:30:00.000Z");
    expect(new Date(rangeBounds("2026-03-01", "2026-03-01", "Asia/Kathmandu").start).toISOString()).toBe("2026-02-28T18:15:00.000Z");
  });

  it("tiles time: each day ends where the next starts, and every instant is on the day its zone says", () => {
    for (const zone of ["UTC", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Chatham", "Australia/Lord_Howe", "America/Santiago"]) {
      const days = dayWindows("2026-01-01", "2026-12-31", zone);
      for (let index = 0; index < days.length; index++) {
        const day = days[index]!;
        if (index > 0) expect(day.start).toBe(days[index - 1]!.end);
        expect(localDayOf(day.start, zone), `${zone} ${day.day}`).toBe(day.day);
        expect(localDayOf(day.end - 60_000, zone), `${zone} ${day.day}`).toBe(day.day);
      }
    }
  });

  it("takes IANA names only, canonical", () => {
    // The name given stays (a runtime may call Asia/Kolkata Asia/Calcutta); a listed one is spelt as listed.
    expect(canonicalZone("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(canonicalZone("utc")).toBe("UTC");
    for (const bad of ["+05:30", "5", "Mars/Olympus", "../etc/passwd", "", "A".repeat(65)]) expect(canonicalZone(bad), bad).toBeNull();
  });
});
