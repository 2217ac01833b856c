import type { Generation, GenerationJob } from "@/lib/contract/bff/video-generations";

/**
 * Where a generation stands, for the run page (pure: no zod, so it stays out of the page's first load).
 * A job still moves while pending or in progress; any other status (an unknown one included) is final.
 */
export function isJobMoving(status: string): boolean {
  return status === "pending" || status === "in_progress";
}

export function isGenerationFinished(generation: Pick<Generation, "jobs">): boolean {
  return generation.jobs.every((job) => !isJobMoving(job.status));
}

/** Seconds from submission to completion, or to `now` while the job runs. */
export function jobElapsedSeconds(job: Pick<GenerationJob, "submitted_at" | "completed_at">, now: number): number {
  const start = Date.parse(job.submitted_at);
  const end = job.completed_at ? Date.parse(job.completed_at) : now;
  return Number.isNaN(start) || Number.isNaN(end) ? 0 : Math.max(0, (end - start) / 1000);
}

/** What the gateway charged, else the estimate; summed over the jobs that have either. */
export function generationCost(generation: Pick<Generation, "jobs" | "estimated_cost">): number {
  const charged = generation.jobs.map((job) => job.cost ?? (job.status === "failed" ? 0 : job.estimated_cost) ?? 0);
  return generation.jobs.length === 0 ? generation.estimated_cost : charged.reduce((sum, cost) => sum + cost, 0);
}

const STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  in_progress: "In progress",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
  expired: "Expired",
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}
