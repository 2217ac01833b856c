// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { EvaluationRecentError } from "@/lib/contract/bff/evaluation-run-progress";
import { RecentErrors } from "./recent-errors";

/** The run page's latest failures: which version, question and repeat each was, and what the gateway said. */

afterEach(cleanup);

const PLAN = { versions: [{ id: "@preset/web-research@2", label: "web-research v2" }, { id: "gatehouse/swift", label: "gatehouse/swift" }] };

function failure(changes: Partial<EvaluationRecentError>): EvaluationRecentError {
  return { position: 0, version_index: 0, question_index: 0, repeat_index: 0, status: 429, message: "Too many requests", ended_at: "2026-01-01T00:00:00Z", ...changes };
}

describe("RecentErrors", () => {
  it("names each failed item's version, question and repeat beside its error, and how many failed in all", () => {
    render(
      <RecentErrors
        errors={[failure({ position: 9, version_index: 1, question_index: 4, repeat_index: 1, status: 500, message: "The stream broke" }), failure({ position: 2, question_index: 1, status: null, message: "No answer" })]}
        failed={7}
        plan={PLAN}
      />,
    );
    const section = screen.getByRole("region", { name: /Latest errors/ });
    expect(within(section).getByRole("heading").textContent).toBe("Latest errors (the last 2 of 7)");
    const [first, second] = within(section).getAllByTestId("run-error");
    expect(first.textContent).toContain("gatehouse/swift · question 5 · repeat 2 · HTTP 500");
    expect(first.textContent).toContain("The stream broke");
    expect(second.textContent).toContain("web-research v2 · question 2");
    expect(second.textContent).not.toContain("HTTP");
  });

  it("shows nothing while no item failed", () => {
    const { container } = render(<RecentErrors errors={[]} failed={0} plan={PLAN} />);
    expect(container.textContent).toBe("");
  });
});
