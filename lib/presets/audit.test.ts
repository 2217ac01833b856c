import { describe, expect, it } from "vitest";
import type { PresetAuditEntry } from "@/lib/contract/bff/schemas";
import { evaluationResultsLink, savedBy } from "./audit";

const entry = (version: number, version_id: string | null, user_name: string): PresetAuditEntry => ({
  slug: "support",
  version,
  version_id,
  user_email: `${user_name}@example.com`,
  user_name,
  created_at: "2026-01-01T00:00:00Z",
});

describe("savedBy", () => {
  it("finds the entry by version id first", () => {
    const audit = [entry(2, "other", "number"), entry(9, "v-2", "id")];
    expect(savedBy(audit, { id: "v-2", version: 2 })?.user_name).toBe("id");
  });

  it("falls back to the version number when no entry has the id", () => {
    const audit = [entry(2, null, "number")];
    expect(savedBy(audit, { id: "v-2", version: 2 })?.user_name).toBe("number");
  });

  it("is undefined without an audit or a matching entry", () => {
    expect(savedBy(undefined, { id: "v-2", version: 2 })).toBeUndefined();
    expect(savedBy([entry(3, "v-3", "x")], { id: "v-2", version: 2 })).toBeUndefined();
  });
});

describe("evaluationResultsLink", () => {
  const id = "0f8e2c1a-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
  it("links a save designated from an evaluation run back to the run's results", () => {
    expect(evaluationResultsLink({ note: `Designated from evaluation run ${id}: /evaluations/runs/${id}/results` })).toBe(`/evaluations/runs/${id}/results`);
  });

  it("gives no link for an entry without a note, another note, or a path that is not a run's results", () => {
    expect(evaluationResultsLink(undefined)).toBeUndefined();
    expect(evaluationResultsLink({ note: null })).toBeUndefined();
    expect(evaluationResultsLink({ note: "Restored v2" })).toBeUndefined();
    expect(evaluationResultsLink({ note: "/evaluations/runs/../../users/results" })).toBeUndefined();
    expect(evaluationResultsLink({ note: `/evaluations/runs/${id}/results/../../x` })).toBeUndefined();
  });
});
