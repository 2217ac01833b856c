import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/*
 * "Compare answers" of two preset versions, against the embedded gateway's seeded web-research
 * preset: v1 and v2 differ only in the web plugin's max_results (3 vs 8), and gatehouse/scholar
 * quotes the best sentence of each result first, so v2's answer cites sources v1's cannot.
 * Nothing here saves a version, so the seeded preset stays as it is for every run.
 */

const SLUG = "web-research";
const QUESTION = "What is keyset pagination?";

const column = (page: Page, id: "a" | "b") => page.getByTestId(`column-${id}`);
const status = (page: Page, id: "a" | "b") => column(page, id).getByTestId("run-status");
const answer = (page: Page, id: "a" | "b") => page.locator(`#run-${id}-text`);
const citedUrls = (page: Page, id: "a" | "b") => answer(page, id).locator("mark[data-span-keys]");

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}

/** The comparison as the playground shows it once the versions are loaded: diff, two labelled columns, one question. */
async function expectComparison(page: Page, question: string) {
  const panel = page.getByTestId("preset-compare");
  await expect(panel.getByRole("heading", { name: `Answers of ${SLUG} v1 and v2` })).toBeVisible();
  const row = panel.locator('[data-testid="field-diff"] tr[data-path="plugins[web].max_results"]');
  await expect(row).toHaveAttribute("data-kind", "changed");
  await expect(row).toContainText("3");
  await expect(row).toContainText("8");
  // Only that field differs between the two versions.
  await expect(panel.getByTestId("preset-diff-summary")).toHaveText("1 field changed");
  await expect(column(page, "a").getByRole("heading", { level: 2 })).toContainText("v1");
  await expect(column(page, "b").getByRole("heading", { level: 2 })).toContainText("v2");
  // Each column carries its own version's search settings; the question is shared.
  await expect(column(page, "a").getByLabel("Max results")).toHaveValue("3");
  await expect(column(page, "b").getByLabel("Max results")).toHaveValue("8");
  await expect(page.getByRole("region", { name: "Shared by all columns" }).getByTestId("turn-0")).toHaveValue(question);
  await expect(page.getByRole("toolbar", { name: "Playground" })).toHaveAttribute("data-hydrated", "true");
}

test.describe("compare answers of two preset versions (editor)", () => {
  test.use({ role: "editor" });

  test("from the history: config diff, both streamed answers, the citation difference, and a link that reopens it", async ({ page }) => {
    await page.goto(`/presets/${SLUG}`);
    await page.getByRole("tab", { name: "History" }).click();
    await page.getByRole("button", { name: /^Compare v\d+ with v\d+$/ }).click();
    const history = page.getByTestId("compare-panel");
    await history.getByLabel("Compare from version").selectOption("1");
    await history.getByLabel("Compare to version").selectOption("2");
    const form = history.getByRole("form", { name: "Compare answers" });
    await expect(form.getByLabel("Question for both versions")).toHaveValue(QUESTION);
    await form.getByRole("link", { name: "Compare answers of v1 and v2" }).click();

    await expect(page).toHaveURL(/\/playground\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get("preset")).toBe(SLUG);
    expect(url.searchParams.get("versions")).toBe("1..2");
    expect(url.searchParams.get("prompt")).toBe(QUESTION);
    await expectComparison(page, QUESTION);

    // Each column is an explicit request, not the preset's name: the version's config written out.
    await column(page, "b").getByRole("button", { name: "Copy as code" }).click();
    const code = page.getByRole("dialog");
    await expect(code).toContainText(/"max_results":\s*8/);
    await expect(code).toContainText("gatehouse/scholar");
    await expect(code).not.toContainText("@preset/");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Run all" }).click();
    // Side by side while they stream: both columns are running and citing at once.
    await expect(status(page, "a")).toHaveAttribute("data-status", "in_progress");
    await expect(status(page, "b")).toHaveAttribute("data-status", "in_progress");
    await expect(citedUrls(page, "b").first()).toBeVisible({ timeout: 20_000 });
    await expect(status(page, "a")).toHaveAttribute("data-status", "completed", { timeout: 45_000 });
    await expect(status(page, "b")).toHaveAttribute("data-status", "completed", { timeout: 45_000 });
    await expect(answer(page, "a")).toContainText(/keyset/i);
    await expect(answer(page, "b")).toContainText(/keyset/i);

    // v1 searched for 3 results, so it cites at most 3 sources; v2 cites some it could not have.
    const comparison = page.getByTestId("citation-comparison");
    const onlyB = comparison.locator('tr[data-overlap="only Column B (v2)"]');
    await expect(onlyB.first()).toBeVisible();
    expect(await comparison.locator('tr[data-overlap="only Column A (v1)"]').count()).toBe(0);
    await expect(comparison.getByTestId("shared-count")).toContainText(/[1-3]/);
    await expect(comparison.getByTestId("only-count-b")).toContainText(/Only Column B \(v2\): [1-9]/);
    const v1Sources = await comparison.locator("tbody tr").count() - (await onlyB.count());
    expect(v1Sources).toBeLessThanOrEqual(3);
    expect(await onlyB.count()).toBeGreaterThan(0);

    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });

    // The link reopens the same comparison: diff, columns and question (answers are not part of it).
    await page.reload();
    await expectComparison(page, QUESTION);
    await expect(column(page, "a").getByText("Run the request to see the streamed answer here.")).toBeVisible();
  });

  test("an edited question stays in the short link; other edits can be rebuilt from the versions", async ({ page }) => {
    await page.goto(`/playground?preset=${SLUG}&versions=1..2`);
    await expectComparison(page, QUESTION);
    const question = page.getByRole("region", { name: "Shared by all columns" }).getByTestId("turn-0");
    await question.fill("Why do deep OFFSET pages get slow?");
    await expect.poll(() => new URL(page.url()).searchParams.get("prompt")).toBe("Why do deep OFFSET pages get slow?");
    expect(new URL(page.url()).searchParams.has("setup")).toBe(false);
    await page.reload();
    await expectComparison(page, "Why do deep OFFSET pages get slow?");

    // Changing one column's setting keeps the comparison (and its diff), marked as edited.
    await column(page, "a").getByLabel("Max results").fill("5");
    await expect(page.getByTestId("columns-edited")).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.has("setup")).toBe(true);
    await page.reload();
    await expect(column(page, "a").getByLabel("Max results")).toHaveValue("5");
    await expect(page.getByTestId("preset-compare").locator('tr[data-path="plugins[web].max_results"]')).toBeVisible();
    await page.getByRole("button", { name: "Rebuild from v1 and v2" }).click();
    await expect(page.getByTestId("columns-edited")).toBeHidden();
    await expectComparison(page, "Why do deep OFFSET pages get slow?");
  });

  test("a version that does not exist is named, with a way back to the history", async ({ page }) => {
    await page.goto(`/playground?preset=${SLUG}&versions=1..99`);
    const alert = page.getByTestId("preset-compare").getByRole("alert");
    await expect(alert).toContainText("Version 99 does not exist.");
    await expect(alert.getByRole("link", { name: `Choose versions in the history of ${SLUG}` })).toHaveAttribute("href", `/presets/${SLUG}?tab=history`);
    await expect(page.getByTestId("column-a")).toHaveCount(0);
  });

  test("Try in playground opens the playground with the preset as the model", async ({ page }) => {
    await page.goto(`/presets/${SLUG}`);
    await page.getByRole("link", { name: "Try in playground" }).click();
    await expect(page).toHaveURL(/\/playground\?/);
    expect(new URL(page.url()).searchParams.get("model")).toBe(`@preset/${SLUG}`);
    await expect(page.getByLabel("Model or preset")).toHaveValue(`@preset/${SLUG}`);
  });
});
