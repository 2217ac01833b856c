import { describe, expect, it } from "vitest";
import { generationCost, isGenerationFinished, isJobMoving, jobElapsedSeconds, statusLabel } from "./generation-progress";

const job = (status: string, extra: Partial<{ cost: number | null; estimated_cost: number | null; completed_at: string | null }> = {}) => ({
  model: "m",
  job_id: "j",
  error: null,
  content_url: null,
  status,
  cost: null,
  estimated_cost: 1,
  submitted_at: "2026-01-01T00:00:00.000Z",
  completed_at: null,
  ...extra,
});

describe("generation progress", () => {
  it("treats pending and in_progress as moving, anything else as final", () => {
    expect(isJobMoving("pending")).toBe(true);
    expect(isJobMoving("in_progress")).toBe(true);
    expect(isJobMoving("completed")).toBe(false);
    expect(isJobMoving("something-new")).toBe(false);
    expect(isGenerationFinished({ jobs: [job("completed"), job("failed")] })).toBe(true);
    expect(isGenerationFinished({ jobs: [job("completed"), job("in_progress")] })).toBe(false);
  });

  it("measures elapsed time to completion or to now", () => {
    expect(jobElapsedSeconds(job("completed", { completed_at: "2026-01-01T00:00:04.500Z" }), 0)).toBe(4.5);
    expect(jobElapsedSeconds(job("pending"), Date.parse("2026-01-01T00:00:02.000Z"))).toBe(2);
  });

  it("sums what was charged, else the estimate, and nothing for failed jobs", () => {
    expect(generationCost({ estimated_cost: 9, jobs: [job("completed", { cost: 0.5 }), job("pending"), job("failed")] })).toBe(1.5);
    expect(generationCost({ estimated_cost: 9, jobs: [] })).toBe(9);
  });

  it("labels statuses, unknown ones as they are", () => {
    expect(statusLabel("in_progress")).toBe("In progress");
    expect(statusLabel("weird")).toBe("weird");
  });
});
