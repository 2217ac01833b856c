import type { PresetAuditEntry } from "@/lib/contract/bff/schemas";

/** The audit entry of the save that made a version: by its id, else by its number. */
export function savedBy(audit: readonly PresetAuditEntry[] | undefined, version: { id: string; version: number }): PresetAuditEntry | undefined {
  return audit?.find((entry) => entry.version_id === version.id) ?? audit?.find((entry) => entry.version === version.version);
}


/**
 * The evaluation run a save came from, when its audit note carries one ("Designated from evaluation run <id>:
 * /evaluations/runs/<id>/results", written by the designate service): the results page to link back to. Only
 * an id-shaped path is taken, so a note never becomes an arbitrary link.
 */
export function evaluationResultsLink(entry: Pick<PresetAuditEntry, "note"> | undefined): string | undefined {
  const match = entry?.note ? /\/evaluations\/runs\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/results(?![\w/])/.exec(entry.note) : null;
  return match ? `/evaluations/runs/${match[1]}/results` : undefined;
}
