"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { presetQueries } from "@/lib/client/queries/presets";
import { releaseGateQueries } from "@/lib/client/queries/release-gates";
import type { EvaluationResultVersion } from "@/lib/contract/bff/evaluation-results";

/**
 * "Make … designated" for one preset's versions of the run, with the state said in words: which version is
 * designated now (and which version's settings and run it came from), which of these versions that is, and what the
 * preset's release gate makes of each version in this run.
 */
export function DesignateButtons({ runId, slug, versions, disabled, onDesignate }: { runId: string; slug: string; versions: readonly EvaluationResultVersion[]; disabled: boolean; onDesignate: (version: EvaluationResultVersion) => void }) {
  const preset = useQuery(presetQueries.detail(slug));
  const gate = useQuery(releaseGateQueries.state(slug, runId));
  const designated = preset.data?.designated_version?.version ?? null;
  const move = gate.data?.moves.find((candidate) => candidate.to_version === designated);
  // A designation saves the winner again under a new number: the designated settings are the move's source.
  const source = move?.source_version ?? designated;
  const fromThisRun = move?.run_id === runId;

  return (
    <div className="flex basis-full flex-col gap-2 rounded-md border border-slate-200 p-2 sm:flex-row sm:flex-wrap sm:items-center dark:border-slate-800" data-testid="designation-state">
      <p className="text-sm">
        <strong>{slug}</strong>:{" "}
        {designated === null ? (
          "no designated version yet"
        ) : (
          <>
            designated version is <strong data-testid="designated-version">v{designated}</strong>
            {source !== designated ? ` (settings of v${source}${move?.run_id ? (fromThisRun ? ", won in this run" : ", won in another run") : ""})` : ""}
          </>
        )}
        {gate.data?.gate ? " · release gate on" : ""}
      </p>
      {versions.map((v) => {
        const isDesignated = v.preset!.version === source;
        const verdict = gate.data?.run?.find((e) => e.version === v.preset!.version);
        return (
          <span key={v.version_index} className="flex flex-wrap items-center gap-1">
            {isDesignated ? (
              <span data-testid="designated-badge">
                <Badge tone="green">✓ {v.label} is designated</Badge>
              </span>
            ) : (
              <Button size="sm" variant="primary" disabled={disabled} onClick={() => onDesignate(v)}>
                Make {v.label} designated
              </Button>
            )}
            {verdict ? (
              <span title={verdict.unmet.map((u) => u.message).join("; ") || undefined}>
                <Badge tone={verdict.met ? "green" : "amber"}>{verdict.met ? "meets the gate" : `fails the gate: ${verdict.unmet.map((u) => u.threshold.replace("_", " ")).join(", ")}`}</Badge>
              </span>
            ) : null}
          </span>
        );
      })}
    </div>
  );
}
