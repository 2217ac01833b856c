import type { PresetAuditEntry } from "@/lib/contract/bff/schemas";

/** The audit entry of the save that made a version: by its id, else by its number. */
export function savedBy(audit: readonly PresetAuditEntry[] | undefined, version: { id: string; version: number }): PresetAuditEntry | undefined {
  return audit?.find((entry) => entry.version_id === version.id) ?? audit?.find((entry) => entry.version === version.version);
}

