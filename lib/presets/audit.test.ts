import { describe, expect, it } from "vitest";
import type { PresetAuditEntry } from "@/lib/contract/bff/schemas";
import { savedBy } from "./audit";

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
