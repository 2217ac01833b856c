import type { EvaluationResultVersion, VersionAggregateBody } from "@/lib/contract/bff/evaluation-results";
import { aggregateVersionSteps } from "../aggregate";
import { finish, type Steps } from "./steps";
import { toScored, type ItemGrid } from "./stored-item";

/** lib/evaluations' aggregate of each version over its ended items (every repeat counts; pending and cancelled ones do not). */
export function versionSummaries<V extends EvaluationResultVersion>(grid: ItemGrid, versions: readonly V[]): (V & { aggregate: VersionAggregateBody })[] {
  return finish(versionSummarySteps(grid, versions));
}

/** The same in steps (steps.ts). */
export function* versionSummarySteps<V extends EvaluationResultVersion>(grid: ItemGrid, versions: readonly V[]): Steps<(V & { aggregate: VersionAggregateBody })[]> {
  const summaries: (V & { aggregate: VersionAggregateBody })[] = [];
  for (const version of versions) {
    const scored = grid.ofVersion(version.version_index).map(toScored);
    yield;
    summaries.push({ ...version, aggregate: yield* aggregateVersionSteps(scored) });
  }
  return summaries;
}

/**
 * The preset slug and version number of a plan version id ("@preset/web-research@2"), or null for a bare model.
 * The run service writes these ids (services/evaluation-runs.ts resolveVersions).
 */
export function presetOfVersionId(id: string): { slug: string; version: number } | null {
  if (!id.startsWith("@preset/")) return null;
  const rest = id.slice("@preset/".length);
  const at = rest.lastIndexOf("@");
  if (at <= 0) return null;
  const version = Number(rest.slice(at + 1));
  return Number.isInteger(version) && version >= 1 ? { slug: rest.slice(0, at), version } : null;
}
