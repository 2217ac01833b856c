import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { lookAt } from "./support/look";
import { createQuestionSet } from "./support/question-sets";

/**
 * Issue 38 part 4: money that adds up. A run whose cap is below its estimate starts ("runs what fits"), stops at the
 * cap and says how many items it left; its run page and its results page show the same spending (the ledger's).
 */

const QUESTIONS = readFileSync(path.join(process.cwd(), "lib/evaluations/demo/web-research-questions.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => (JSON.parse(line) as { question: string }).question)
  .slice(0, 10);

test.describe("as an editor", () => {
  test.use({ role: "editor" });

  test("a cap below the estimate runs what fits, stops at the cap saying how many items it left, and both pages show one figure", async ({ page, apiAs, evaluationRuns, axe }) => {
    test.setTimeout(240_000);
    const api = await apiAs("editor");
    const setName = `Fits ${Date.now()}`;
    const setId = await createQuestionSet(api, { name: setName, rows: QUESTIONS.map((question) => ({ question })) });
    // One answer's upper bound (what each claim reserves) from the estimate: a cap of a little more takes a few answers, not ten.
    const wide = await api.post("/api/evaluations/runs/estimate", { data: { set_id: setId, preset: "web-research", versions: [2], concurrency: 1, cap_usd: 5 } });
    expect(wide.status(), await wide.text()).toBe(200);
    const estimate = ((await wide.json()) as { data: { item_reserve_usd: number; high_usd: number } }).data;
    const cap = Math.ceil(estimate.item_reserve_usd * 1.3 * 10_000) / 10_000;
    expect(cap).toBeLessThan(estimate.high_usd);

    await evaluationRuns.openForm("?preset=web-research&versions=2");
    await evaluationRuns.questionSet.selectOption({ label: `${setName} (10 questions)` });
    await evaluationRuns.concurrency.selectOption("1");
    await evaluationRuns.cap.fill(String(cap));
    await expect(evaluationRuns.estimate.getByTestId("estimate-range")).toHaveText(/^\$\d+\.\d+–\$\d+\.\d+$/, { timeout: 20_000 });
    await expect(evaluationRuns.estimate.getByTestId("estimate-fits")).toContainText("run what fits");
    // Before: Start was disabled while the cap was below the estimate.
    await expect(evaluationRuns.start).toBeEnabled({ timeout: 20_000 });
    await axe.expectNoSeriousViolations(page, "new run form, cap below the estimate");
    await lookAt(page, "new-run-fits");
    await evaluationRuns.start.click();
    await expect(evaluationRuns.confirmDialog).toContainText("run what fits");
    await evaluationRuns.confirmDialog.getByRole("button", { name: "Start the run" }).click();
    await page.waitForURL(/\/evaluations\/runs\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop()!;

    await expect(evaluationRuns.run).toHaveAttribute("data-status", "stopped", { timeout: 180_000 });
    const status = page.getByTestId("run-status-text");
    await expect(status).toHaveText(/^Stopped at the cap: \d+ of 10 items not run\.$/);
    const notRun = Number((await status.textContent())!.match(/(\d+) of 10/)![1]);
    expect(notRun).toBeGreaterThan(0);
    await expect(page.getByTestId("run-estimate")).toContainText("–");
    const spent = (await page.getByTestId("run-spent-usd").textContent())!;
    expect(Number(spent.replace("$", ""))).toBeLessThanOrEqual(cap);
    await axe.expectNoSeriousViolations(page, "run stopped at its cap");
    await lookAt(page, "run-stopped-at-cap");

    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await expect(status).toHaveText(/^Stopped at the cap/);
    expect(await evaluationRuns.horizontalOverflow()).toBeLessThanOrEqual(0);
    await axe.expectNoSeriousViolations(page, "run stopped at its cap at 360 px");
    await lookAt(page, "run-stopped-at-cap-360");

    // The results page shows the run page's figure, to the cent and below.
    await page.goto(`/evaluations/runs/${id}/results`);
    await expect(page.getByTestId("results-spent-usd")).toHaveText(spent, { timeout: 30_000 });
    expect(await evaluationRuns.horizontalOverflow()).toBeLessThanOrEqual(0);
    await axe.expectNoSeriousViolations(page, "results of a run stopped at its cap at 360 px");
    await lookAt(page, "results-spent-360");
  });
});
