import { describe, expect, it } from "vitest";
import { versionPassRates } from "./pass-rates";

describe("versionPassRates", () => {
  it("shortens a preset's versions to what differs and rounds each share of ended items", () => {
    expect(
      versionPassRates([
        { label: "web-research v2", ended: 30, passed: 4 },
        { label: "web-research v3", ended: 30, passed: 28 },
      ]).map(({ short, rate, detail }) => [short, rate, detail]),
    ).toEqual([
      ["v2", "13%", "web-research v2: 4 of 30 passed"],
      ["v3", "93%", "web-research v3: 28 of 30 passed"],
    ]);
  });

  it("keeps whole labels that share nothing, or a single version, and says – before any item ended", () => {
    expect(versionPassRates([{ label: "openai/gpt-4o", ended: 0, passed: 0 }, { label: "gatehouse/echo", ended: 2, passed: 2 }]).map((v) => [v.short, v.rate])).toEqual([
      ["openai/gpt-4o", "–"],
      ["gatehouse/echo", "100%"],
    ]);
    expect(versionPassRates([{ label: "web-research v2", ended: 3, passed: 1 }])[0].short).toBe("web-research v2");
    // A label that is only the shared words keeps them all (nothing left would be no label).
    expect(versionPassRates([{ label: "a", ended: 1, passed: 0 }, { label: "a b", ended: 1, passed: 1 }]).map((v) => v.short)).toEqual(["a", "a b"]);
  });
});
