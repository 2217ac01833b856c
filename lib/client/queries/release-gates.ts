import { queryOptions } from "@tanstack/react-query";
import { apiData } from "@/lib/client/api-client";
import type * as Gates from "@/lib/contract/bff/release-gates";
import type { ReleaseGate } from "@/lib/contract/bff/release-gates";
import { presetKeys } from "./presets";

/** A preset's release gate, each version's state against it and the designated version's moves (/api/presets/{slug}/gate). */

function schema<K extends keyof typeof Gates>(name: K): () => Promise<(typeof Gates)[K]> {
  return () => import("@/lib/contract/bff/release-gates").then((contract) => contract[name]);
}

const gatePath = (slug: string) => `/api/presets/${encodeURIComponent(slug)}/gate`;

export const releaseGateKeys = {
  /** Under the preset's detail key: anything that invalidates the preset refreshes its gate state too. */
  state: (slug: string, runId?: string) => [...presetKeys.detail(slug), "release-gate", ...(runId ? [runId] : [])] as const,
};

export const releaseGateQueries = {
  /** With `runId`, also each of the preset's versions in that run against the gate. */
  state: (slug: string, runId?: string) =>
    queryOptions({
      queryKey: releaseGateKeys.state(slug, runId),
      queryFn: ({ signal }) => apiData(`${gatePath(slug)}${runId ? `?run=${encodeURIComponent(runId)}` : ""}`, schema("ReleaseGateStateEnvelopeSchema"), { signal }),
      staleTime: 15_000,
    }),
};

export function saveReleaseGate(slug: string, gate: ReleaseGate | null) {
  return gate === null
    ? apiData(gatePath(slug), schema("ReleaseGateStateEnvelopeSchema"), { method: "DELETE" })
    : apiData(gatePath(slug), schema("ReleaseGateStateEnvelopeSchema"), { method: "PUT", json: gate });
}

export function revertDesignation(slug: string, moveId: number) {
  return apiData(`/api/presets/${encodeURIComponent(slug)}/designations/revert`, schema("RevertDesignationEnvelopeSchema"), { method: "POST", json: { move_id: moveId } });
}
