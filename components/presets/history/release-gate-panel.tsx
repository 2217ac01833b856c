"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { useHasRole } from "@/lib/client/current-user";
import { presetKeys } from "@/lib/client/queries/presets";
import { releaseGateQueries, revertDesignation } from "@/lib/client/queries/release-gates";
import type { GateEvaluation, ReleaseGate, ReleaseGateState } from "@/lib/contract/bff/release-gates";
import { ReleaseGateForm } from "./release-gate-form";

const pct = (value: number) => `${Math.round(value * 1000) / 10}%`;

/** The gate's thresholds in words ("pass rate ≥ 90% · ≤ 1 regression · p95 ≤ 2000 ms"). */
function thresholdsOf(gate: ReleaseGate): string {
  const parts = [
    gate.min_pass_rate !== undefined ? `pass rate ≥ ${pct(gate.min_pass_rate)}` : null,
    gate.min_citation_precision !== undefined ? `citation precision ≥ ${pct(gate.min_citation_precision)}` : null,
    gate.max_regressions !== undefined ? `≤ ${gate.max_regressions} regressions vs the designated version` : null,
    gate.max_cost_per_answer_usd !== undefined ? `≤ $${gate.max_cost_per_answer_usd} per answer` : null,
    gate.max_latency_p95_ms !== undefined ? `p95 latency ≤ ${gate.max_latency_p95_ms} ms` : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? "no thresholds (the run must only score the checks)" : parts.join(" · ");
}

/** A version's state against the gate, for the version table's column. */
export function GateStateCell({ evaluation }: { evaluation: GateEvaluation | undefined }) {
  if (!evaluation) return <span className="text-xs text-slate-600 dark:text-slate-400">no run yet</span>;
  return (
    <span className="flex flex-col gap-0.5">
      <Badge tone={evaluation.met ? "green" : "amber"}>{evaluation.met ? "meets the gate" : "fails the gate"}</Badge>
      {evaluation.met ? null : <span className="text-xs">{evaluation.unmet.map((u) => u.message).join("; ")}</span>}
      <Link href={`/evaluations/runs/${evaluation.run_id}/results`} className="text-xs text-brand-700 underline-offset-2 hover:underline dark:text-brand-400">
        {evaluation.run_name}
      </Link>
    </span>
  );
}

/** The preset's release gate (admins edit it) and every move of the designated version, the newest revertible. */
export function ReleaseGatePanel({ slug, canEdit }: { slug: string; canEdit: boolean }) {
  const state = useQuery(releaseGateQueries.state(slug));
  const admin = useHasRole("admin");
  const [editing, setEditing] = useState(false);
  if (state.isError) return <Alert>The release gate could not be loaded: {apiErrorMessage(state.error)}</Alert>;
  if (!state.data) return null;
  const { gate } = state.data;
  return (
    <section aria-labelledby="release-gate-title" className="space-y-3 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800" data-testid="release-gate">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="release-gate-title" className="text-base font-semibold">
          Release gate
        </h2>
        {admin && !editing ? (
          <Button size="sm" onClick={() => setEditing(true)}>
            {gate ? "Edit the gate" : "Set a gate"}
          </Button>
        ) : null}
      </div>
      {editing ? (
        <ReleaseGateForm slug={slug} gate={gate} onDone={() => setEditing(false)} />
      ) : gate ? (
        <p data-testid="gate-summary">
          A version becomes designated only from a finished run of the gate&apos;s question set that scored {gate.checks.map((check) => <code key={check} className="mr-1 rounded bg-slate-100 px-1 text-xs dark:bg-slate-800">{check}</code>)}
          and meets: {thresholdsOf(gate)}. Each version&apos;s state is in the table below.
        </p>
      ) : (
        <p>No gate: any editor may designate any version. {admin ? "" : "An admin can set one."}</p>
      )}
      <MoveHistory state={state.data} slug={slug} canEdit={canEdit} />
    </section>
  );
}

function MoveHistory({ state, slug, canEdit }: { state: ReleaseGateState; slug: string; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const revert = useMutation({
    mutationFn: (moveId: number) => revertDesignation(slug, moveId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presetKeys.detail(slug) }),
  });
  if (state.moves.length === 0) return <p className="text-slate-600 dark:text-slate-400">The designated version has not been moved from an evaluation yet.</p>;
  return (
    <div className="space-y-1">
      <h3 className="font-medium">Designated version moves</h3>
      <ol className="space-y-1" data-testid="designation-moves">
        {state.moves.map((move, index) => (
          <li key={move.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span>
              {move.from_version === null ? "–" : `v${move.from_version}`} → <strong>v{move.to_version}</strong>{" "}
              {move.reverts_move !== null ? `(revert, back to the settings of v${move.source_version})` : `(settings of v${move.source_version})`}
            </span>
            <span className="text-slate-600 dark:text-slate-400">
              by {move.user_name || move.user_email}, <RelativeTime value={move.created_at} />
            </span>
            {move.run_id ? (
              <Link href={`/evaluations/runs/${move.run_id}/results`} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-400">
                the run
              </Link>
            ) : null}
            {move.override_reason ? <Badge tone="amber">gate overridden: {move.override_reason}</Badge> : null}
            {index === 0 && canEdit && move.from_version !== null && state.designated_version === move.to_version ? (
              <Button size="sm" variant="secondary" disabled={revert.isPending} onClick={() => revert.mutate(move.id)}>
                {revert.isPending ? "Reverting…" : `Revert to v${move.from_version}'s settings`}
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      {revert.error ? <Alert>{apiErrorMessage(revert.error)}</Alert> : null}
      {revert.data ? (
        <p role="status" data-testid="revert-done">
          Reverted: saved as v{revert.data.saved_version}, now designated.
        </p>
      ) : null}
    </div>
  );
}
