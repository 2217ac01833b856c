import { expect, test, type Role } from "./fixtures";
import { EvaluationResultsPage } from "./pages/evaluation-results";
import { lookAt } from "./support/look";

/*
 * Re-score as work, not a request (issue 38), end to end: the seeded demo run (checks min-citations:2,
 * no-domain:example.net and citation-support, graded by the demo judge) is scored again with its checks and one text
 * check more. Every verdict but the new check's is in the verdict cache, so the estimate and the scoring say 0 judge
 * calls at $0; the scoring runs on the server with its progress on the page; both scorings stay listed, the page
 * switches between them by its address and compares them.
 */

const DEMO_RUN_ID = "5eed0000-0027-4000-8000-000000000002";

interface Scoring {
  number: number;
  status: string;
  judge_calls: number | null;
  cost_usd: number | null;
  done: number;
  total: number;
  checks: string[];
}

test.describe("re-score of the demo run (admin)", () => {
  test.use({ role: "admin" satisfies Role });

  test("one text check added: no judge call, progress shown, both scorings listed and switchable; axe and 360 px", async ({ page, apiAs, axe }) => {
    test.setTimeout(360_000);
    const api = await apiAs("admin");
    await expect
      .poll(async () => ((await (await api.get(`/api/evaluations/runs/${DEMO_RUN_ID}`)).json()) as { data?: { status: string } }).data?.status, { timeout: 200_000, intervals: [2_000] })
      .toBe("finished");
    const scorings = async () => ((await (await api.get(`/api/evaluations/runs/${DEMO_RUN_ID}/scorings`)).json()) as { data: Scoring[] }).data;
    const before = await scorings();
    const next = before.length + 1;

    const results = new EvaluationResultsPage(page);
    await results.goto(DEMO_RUN_ID);
    await expect(page.getByTestId("version-summary")).toHaveCount(2, { timeout: 30_000 });
    await page.getByRole("button", { name: "Re-score…" }).click();
    const rescore = results.dialog("Re-score this run");
    await rescore.getByLabel("Kind").selectOption("contains-i");
    await rescore.getByLabel("Argument").fill("cache");
    await rescore.getByRole("button", { name: "Add check" }).click();
    await rescore.getByRole("button", { name: "Estimate the cost" }).click();
    const estimate = rescore.getByTestId("rescore-estimate");
    // Only the new check runs: the demo judge's verdicts are the run's own, cached.
    await expect(estimate).toContainText("0 judge calls", { timeout: 60_000 });
    await expect(estimate).toContainText("$0.00");
    await axe.expectNoSeriousViolations(page, "re-score dialog");
    await rescore.getByRole("button", { name: /^Re-score for about/ }).click();
    await expect(rescore.getByRole("status")).toContainText(`Scoring ${next} started`);
    await rescore.getByRole("button", { name: "Done" }).click();

    // Progress on the page, polled, until the server has scored every answer.
    const row = page.getByTestId(`scoring-${next}`);
    await expect(page.getByTestId(`scoring-${next}-progress`)).toContainText(/\d+ \/ \d+ answers scored/, { timeout: 30_000 });
    await expect(row).toContainText("done", { timeout: 120_000 });
    const total = (await scorings()).find((scoring) => scoring.number === next)!;
    await expect(page.getByTestId(`scoring-${next}-progress`)).toHaveText(`${total.total} / ${total.total} answers scored`);
    // No judge call and nothing spent: the scoring's own figures, as the page shows them.
    expect(total).toMatchObject({ status: "done", judge_calls: 0, cost_usd: 0, done: total.total });
    expect(total.checks).toEqual([...before[0].checks, "contains-i:cache"]);
    await expect(page.getByTestId(`scoring-${next}-cost`)).toContainText("0 judge calls");
    await expect(page.getByTestId(`scoring-${next}-cost`)).toContainText("$0.00");

    // Both scorings kept and switchable by the address.
    await expect(page.getByTestId("scoring-1")).toBeVisible();
    await row.getByRole("link", { name: new RegExp(`^Scoring ${next}`) }).click();
    await expect(page).toHaveURL(new RegExp(`scoring=${next}`));
    await expect(page.getByTestId("version-summary").first()).toContainText("contains-i: cache");
    await page.reload();
    await expect(page.getByTestId("version-summary").first()).toContainText("contains-i: cache", { timeout: 30_000 });
    await page.getByTestId("scoring-1").getByRole("link", { name: /^Scoring 1/ }).click();
    await expect(page).not.toHaveURL(/scoring=/);
    await expect(page.getByTestId("version-summary").first()).not.toContainText("contains-i: cache");

    // Compared: the check only the new scoring has, and the verdicts that flipped.
    await page.getByLabel("Compare scoring", { exact: true }).selectOption("1");
    await page.getByLabel("with scoring", { exact: true }).selectOption(String(next));
    await page.getByRole("button", { name: "Compare scorings" }).click();
    await expect(page.getByTestId("scoring-compare")).toContainText(`only in scoring ${next}: contains-i:cache`);
    await axe.expectNoSeriousViolations(page, "scorings");
    await lookAt(page, "scorings");

    await page.setViewportSize({ width: 360, height: 740 });
    await results.goto(DEMO_RUN_ID, `?scoring=${next}`);
    await expect(page.getByTestId(`scoring-${next}`)).toBeVisible({ timeout: 30_000 });
    expect(await results.horizontalOverflow()).toBeLessThanOrEqual(0);
    await axe.expectNoSeriousViolations(page, "scorings at 360 px");
    await lookAt(page, "scorings-narrow");

    // A scoring is compared with other runs from here: the run comes preselected under that scoring.
    await page.getByTestId(`scoring-${next}-compare-runs`).click();
    await expect(page).toHaveURL(new RegExp(`/evaluations/compare\\?runs=${DEMO_RUN_ID}:${next}$`));
    await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(1);
    await expect(page.getByText(`under scoring ${next}`)).toBeVisible();
  });
});
