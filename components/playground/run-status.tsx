import { Badge } from "@/components/ui/badge";
import type { RunState } from "@/lib/playground/run-state";

const LABELS: Record<RunState["status"], { text: string; tone: "neutral" | "brand" | "green" | "amber" | "red" }> = {
  idle: { text: "Not run", tone: "neutral" },
  in_progress: { text: "In progress", tone: "brand" },
  completed: { text: "Completed", tone: "green" },
  incomplete: { text: "Incomplete", tone: "amber" },
  failed: { text: "Failed", tone: "red" },
  stopped: { text: "Stopped", tone: "amber" },
};

export function RunStatusBadge({ run }: { run: RunState }) {
  const { text, tone } = LABELS[run.status];
  return (
    <Badge tone={tone}>
      <span data-testid="run-status" data-status={run.status}>
        {run.status === "in_progress" ? <span aria-hidden className="mr-1 inline-block h-2 w-2 animate-pulse rounded-full bg-current align-middle" /> : null}
        {text}
        {run.status === "incomplete" && run.incompleteReason ? ` (${run.incompleteReason.replace(/_/g, " ")})` : ""}
      </span>
    </Badge>
  );
}
