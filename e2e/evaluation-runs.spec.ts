import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { lookAt } from "./support/look";
import type { EvaluationRunsPage } from "./pages/evaluation-runs";
import { createQuestionSet } from "./support/question-sets";

/**
 * Evaluation runs end to end (issue 27) against the embedded gateway at its demo pace (time scale 1: a
 * gatehouse/scholar answer takes a few seconds), so a run of a few questions lasts long enough to reload in the
 * middle of it and to cancel it. The pace of each test is its own: its set's size and its concurrency.
 */

const DEMO_QUESTIONS = readFileSync(path.join(process.cwd(), "lib/evaluations/demo/web-research-questions.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => (JSON.parse(line) as { question: string }).question);
const DEMO_RUN_ID = "5eed0000-0027-4000-8000-000000000002";

function createSet(api: APIRequestContext, name: string, count: number): Promise<string> {
  return createQuestionSet(api, { name, rows: DEMO_QUESTIONS.slice(0, count).map((question) => ({ question })) });
}

test.describe("as an editor", () => {
  test.use({ role: "editor" });

  test("a run of two preset versions starts from the form, survives a reload mid-run and finishes", async ({ page, apiAs, evaluationRuns, axe }) => {
    test.setTimeout(240_000);
    const setName = `Two versions ${Date.now()}`;
    await createSet(await apiAs("editor"), setName, 6);

    // The studio's link prefills the preset and its versions.
    await evaluationRuns.openForm("?preset=web-research&versions=1,2");
    await expect(evaluationRuns.preset).toHaveValue("web-research");
    await expect(evaluationRuns.versionCheckbox(1)).toBeChecked();
    await expect(evaluationRuns.versionCheckbox(2)).toBeChecked();
    await expect(evaluationRuns.blocked).toHaveText("Choose a question set");
    // Start says what is missing; the field nobody touched yet is not red.
    await expect(evaluationRuns.questionSet).toHaveAttribute("aria-invalid", "false");
    await evaluationRuns.questionSet.selectOption({ label: `${setName} (6 questions)` });
    await evaluationRuns.concurrency.selectOption("2");
    await evaluationRuns.cap.fill("1");
    await expect(evaluationRuns.estimate).toContainText("12 answers", { timeout: 20_000 });
    await expect(evaluationRuns.estimate).toContainText("Web search");
    await axe.expectNoSeriousViolations(page, "new run form");
    await lookAt(page, "new-run");

    const id = await evaluationRuns.confirmStart();
    await expect(evaluationRuns.versions).toHaveCount(2);
    await expect(evaluationRuns.run).toHaveAttribute("data-status", "running");
    await expect.poll(async () => (await evaluationRuns.endedCounts())[0], { timeout: 60_000 }).toBeGreaterThan(0);
    const [before, total] = await evaluationRuns.endedCounts();
    expect(total).toBe(12);
    expect(before).toBeLessThan(12);
    await axe.expectNoSeriousViolations(page, "running run");
    await lookAt(page, "run-running");

    // A reload picks the run up from the URL and its progress keeps moving.
    await page.reload();
    await expect(evaluationRuns.run).toBeVisible();
    await expect.poll(async () => (await evaluationRuns.endedCounts())[0], { timeout: 60_000 }).toBeGreaterThan(before);
    await expect(evaluationRuns.run).toHaveAttribute("data-status", "finished", { timeout: 180_000 });
    for (const version of ["@preset/web-research@1", "@preset/web-research@2"]) {
      await expect(evaluationRuns.version(version).getByTestId("version-done")).toHaveText("6");
      await expect(evaluationRuns.version(version).getByTestId("version-pending")).toHaveText("0");
    }
    await expect(evaluationRuns.resultsLink).toHaveAttribute("href", `/evaluations/runs/${id}/results`);
    await expect(evaluationRuns.cancel).toHaveCount(0);
    await axe.expectNoSeriousViolations(page, "finished run");

    await evaluationRuns.openList();
    await evaluationRuns.showRow(id);
    await expect(evaluationRuns.row(id).getByTestId("run-row-name")).toContainText("web-research v1 vs v2");
    await expect(evaluationRuns.row(id).getByTestId("run-status-badge")).toHaveAttribute("data-status", "finished");
    await lookAt(page, "runs-list");
  });

  test("a cancelled run stops with items not run", async ({ apiAs, evaluationRuns }) => {
    test.setTimeout(120_000);
    const api = await apiAs("editor");
    const setId = await createSet(api, `Cancel ${Date.now()}`, 10);
    const started = await api.post("/api/evaluations/runs", { data: { set_id: setId, models: ["gatehouse/scholar"], concurrency: 1, cap_usd: 1 } });
    expect(started.status(), await started.text()).toBe(201);
    const id = ((await started.json()) as { data: { id: string } }).data.id;

    await evaluationRuns.openRun(id);
    await expect(evaluationRuns.run).toHaveAttribute("data-status", "running");
    await evaluationRuns.cancel.click();
    await expect(evaluationRuns.cancelDialog).toBeVisible();
    await evaluationRuns.cancelDialog.getByRole("button", { name: "Cancel the run" }).click();
    await expect(evaluationRuns.run).toHaveAttribute("data-status", "cancelled");
    await expect(evaluationRuns.cancel).toHaveCount(0);

    // The runner stops claiming within a second: what ended stays, the rest is never run.
    const detail = async () => ((await (await api.get(`/api/evaluations/runs/${id}`)).json()) as { data: { progress: { totals: Record<string, number> } } }).data.progress.totals;
    await expect.poll(async () => (await detail()).running, { timeout: 30_000 }).toBe(0);
    const totals = await detail();
    expect(totals.cancelled).toBeGreaterThan(0);
    expect(totals.done + totals.failed).toBeLessThan(10);
    await expectCancelledAfterReload(evaluationRuns, id);
  });

  test("a plan over its cap is refused with the reason, and start stays disabled", async ({ apiAs, evaluationRuns }) => {
    const setName = `Over cap ${Date.now()}`;
    await createSet(await apiAs("editor"), setName, 3);
    await evaluationRuns.openForm("?preset=web-research&versions=2");
    await evaluationRuns.questionSet.selectOption({ label: `${setName} (3 questions)` });
    await evaluationRuns.cap.fill("0.0001");
    await expect(evaluationRuns.blocked).toContainText("cap", { timeout: 20_000 });
    await expect(evaluationRuns.estimate.getByTestId("estimate-refusals")).toBeVisible();
    await expect(evaluationRuns.start).toBeDisabled();
    // A cap that covers the estimate lets it start.
    await evaluationRuns.cap.fill("1");
    await expect(evaluationRuns.start).toBeEnabled({ timeout: 20_000 });
    await expect(evaluationRuns.blocked).toHaveText("Nothing is spent until you confirm.");
  });

  test("the demo run is listed and finishes; the list works at 360 px", async ({ page, apiAs, evaluationRuns, axe }) => {
    test.setTimeout(240_000);
    const api = await apiAs("editor");
    // Seeded at startup and executed by the runner like any run: finished a minute or two after the app started.
    await expect
      .poll(async () => ((await (await api.get(`/api/evaluations/runs/${DEMO_RUN_ID}`)).json()) as { data?: { status: string } }).data?.status, { timeout: 200_000, intervals: [2_000] })
      .toBe("finished");
    // The list's pass rate per version is the results' (passed of all items), each version named by what differs.
    const results = (await (await api.get(`/api/evaluations/runs/${DEMO_RUN_ID}/results`)).json()) as { data: { versions: { label: string; aggregate: { pass_rate: number | null } }[] } };
    const rates = results.data.versions.map((version) => `${version.label.replace(/^web-research /, "")} ${Math.round(100 * (version.aggregate.pass_rate ?? 0))}%`);
    expect(rates).toEqual([expect.stringMatching(/^v2 \d+%$/), expect.stringMatching(/^v3 \d+%$/)]);
    const shown = evaluationRuns.row(DEMO_RUN_ID).getByTestId("pass-rate-shown");
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 780 });
      await evaluationRuns.openList();
      await evaluationRuns.showRow(DEMO_RUN_ID);
      await expect(evaluationRuns.row(DEMO_RUN_ID).getByTestId("run-row-name")).toContainText("web-research v2 vs v3");
      await expect(evaluationRuns.row(DEMO_RUN_ID).getByTestId("run-status-badge")).toHaveAttribute("data-status", "finished");
      await expect(shown).toHaveText(rates);
      // Readable where it stands: with its row scrolled to (the suite's other runs list above it), every rate whole on
      // the screen, none cut at the right edge, nothing wider than the page.
      await evaluationRuns.row(DEMO_RUN_ID).scrollIntoViewIfNeeded();
      for (const rate of await shown.all()) await expect(rate).toBeInViewport({ ratio: 1 });
      expect(await evaluationRuns.horizontalOverflow()).toBeLessThanOrEqual(0);
      await axe.expectNoSeriousViolations(page, `runs list at ${width} px`);
      await lookAt(page, `runs-list-${width}`);
    }

    await evaluationRuns.row(DEMO_RUN_ID).getByRole("link").click();
    await expect(evaluationRuns.run).toHaveAttribute("data-status", "finished");
    await expect(evaluationRuns.versions).toHaveCount(2);
    expect(await evaluationRuns.horizontalOverflow()).toBeLessThanOrEqual(0);

    await evaluationRuns.openForm("?preset=web-research&versions=2,3");
    expect(await evaluationRuns.horizontalOverflow()).toBeLessThanOrEqual(0);
    await axe.expectNoSeriousViolations(page, "new run form at 360 px");
  });
});

test.describe("as a viewer", () => {
  test.use({ role: "viewer" });

  test("sees runs but cannot start or cancel one", async ({ page, evaluationRuns }) => {
    await evaluationRuns.openList();
    await expect(page.getByRole("link", { name: "New run" })).toHaveCount(0);
    await page.goto("/evaluations/runs/new");
    await expect(page.getByText("can look at runs but not start them")).toBeVisible();
    await evaluationRuns.openRun(DEMO_RUN_ID);
    await expect(evaluationRuns.cancel).toHaveCount(0);
  });
});

/** A cancelled run's page, loaded again, says so and offers nothing to cancel. */
async function expectCancelledAfterReload(evaluationRuns: EvaluationRunsPage, id: string) {
  await evaluationRuns.openRun(id);
  await expect(evaluationRuns.run).toHaveAttribute("data-status", "cancelled");
  await expect(evaluationRuns.page.getByTestId("run-status-badge")).toHaveText("Cancelled");
}
