import { Badge } from "@/components/ui/badge";
import type { EvaluationRun } from "@/lib/contract/bff/evaluations";
import { statusLabel } from "@/lib/evaluations/runs/progress";

const TONES = { running: "brand", finished: "green", cancelled: "neutral", stopped: "amber" } as const;

export function RunStatusBadge({ run }: { run: Pick<EvaluationRun, "status" | "stop_reason"> }) {
  return (
    <Badge tone={TONES[run.status]} className="whitespace-nowrap">
      <span data-testid="run-status-badge" data-status={run.status}>
        {statusLabel(run.status, run.stop_reason)}
      </span>
    </Badge>
  );
}

/** The plan's versions as the run stored them: "web-research v2, web-research v3". */
export function planLabels(plan: Record<string, unknown>): string[] {
  const versions = Array.isArray(plan.versions) ? (plan.versions as { label?: unknown; id?: unknown }[]) : [];
  return versions.map((version) => String(version.label ?? version.id ?? "?"));
}
