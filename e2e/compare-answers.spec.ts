import { expect, test } from "./fixtures";
import type { PlaygroundPage } from "./pages/playground";

/*
 * "Compare answers" of two preset versions, against the embedded gateway's seeded web-research
 * preset: v1 and v2 differ only in the web plugin's max_results (3 vs 8), and gatehouse/scholar
 * quotes the best sentence of each result first, so v2's answer cites sources v1's cannot.
 * Nothing here saves a version, so the seeded preset stays as it is for every run.
 */

const SLUG = "web-research";
const QUESTION = "What is keyset pagination?";

/** The comparison as the playground shows it once the versions are loaded: diff, two labelled columns, one question. */
async function expectComparison(playground: PlaygroundPage, question: string) {
  const panel = playground.page.getByTestId("preset-compare");
  await expect(panel.getByRole("heading", { name: `Answers of ${SLUG} v1 and v2` })).toBeVisible();
  const row = panel.locator('[data-testid="field-diff"] tr[data-path="plugins[web].max_results"]');
  await expect(row).toHaveAttribute("data-kind", "changed");
  await expect(row).toContainText("3");
  await expect(row).toContainText("8");
  // Only that field differs between the two versions.
  await expect(panel.getByTestId("preset-diff-summary")).toHaveText("1 field changed");
  await expect(playground.column("a").getByRole("heading", { level: 2 })).toContainText("v1");
  await expect(playground.column("b").getByRole("heading", { level: 2 })).toContainText("v2");
  // Each column carries its own version's search settings; the question is shared.
  await expect(playground.column("a").getByLabel("Max results")).toHaveValue("3");
  await expect(playground.column("b").getByLabel("Max results")).toHaveValue("8");
  await expect(playground.sharedTurn).toHaveValue(question);
  await playground.expectHydrated();
}

test.describe("compare answers of two preset versions (editor)", () => {
  test.use({ role: "editor" });

  test("from the history: config diff, both streamed answers, the citation difference, and a link that reopens it", async ({ page, axe, presetEditor, playground }) => {
    // Two slow-streaming answers (gatehouse/scholar) and two axe scans: more than the default minute under load.
    test.setTimeout(150_000);
    await presetEditor.goto(SLUG);
    await presetEditor.tab("History").click();
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
    await expectComparison(playground, QUESTION);

    // Each column is an explicit request, not the preset's name: the version's config written out.
    await playground.column("b").getByRole("button", { name: "Copy as code" }).click();
    const code = page.getByRole("dialog");
    await expect(code).toContainText(/"max_results":\s*8/);
    await expect(code).toContainText("gatehouse/scholar");
    await expect(code).not.toContainText("@preset/");
    await page.keyboard.press("Escape");

    await playground.runAllButton.click();
    // Side by side while they stream: both columns are running and citing at once.
    await expect(playground.status("a")).toHaveAttribute("data-status", "in_progress");
    await expect(playground.status("b")).toHaveAttribute("data-status", "in_progress");
    await expect(playground.marks("b").first()).toBeVisible({ timeout: 20_000 });
    await playground.expectCompleted("a", 45_000);
    await playground.expectCompleted("b", 45_000);
    await expect(playground.answer("a")).toContainText(/keyset/i);
    await expect(playground.answer("b")).toContainText(/keyset/i);

    // v1 searched for 3 results, so it cites at most 3 sources; v2 cites some it could not have.
    const comparison = playground.citationComparison;
    const onlyB = comparison.locator('tr[data-overlap="only Column B (v2)"]');
    await expect(onlyB.first()).toBeVisible();
    expect(await comparison.locator('tr[data-overlap="only Column A (v1)"]').count()).toBe(0);
    await expect(comparison.getByTestId("shared-count")).toContainText(/[1-3]/);
    await expect(comparison.getByTestId("only-count-b")).toContainText(/Only Column B \(v2\): [1-9]/);
    const v1Sources = await comparison.locator("tbody tr").count() - (await onlyB.count());
    expect(v1Sources).toBeLessThanOrEqual(3);
    expect(await onlyB.count()).toBeGreaterThan(0);

    await axe.expectNoSeriousViolations(page, "light");
    await page.emulateMedia({ colorScheme: "dark" });
    await axe.expectNoSeriousViolations(page, "dark");
    await page.emulateMedia({ colorScheme: "light" });

    // The link reopens the same comparison: diff, columns and question (answers are not part of it).
    await page.reload();
    await expectComparison(playground, QUESTION);
    await expect(playground.column("a").getByText("Run the request to see the streamed answer here.")).toBeVisible();
  });

  test("an edited question stays in the short link; other edits can be rebuilt from the versions", async ({ page, playground }) => {
    await page.goto(`/playground?preset=${SLUG}&versions=1..2`);
    await expectComparison(playground, QUESTION);
    const question = playground.sharedTurn;
    await question.fill("Why do deep OFFSET pages get slow?");
    await expect.poll(() => new URL(page.url()).searchParams.get("prompt")).toBe("Why do deep OFFSET pages get slow?");
    expect(new URL(page.url()).searchParams.has("setup")).toBe(false);
    await page.reload();
    await expectComparison(playground, "Why do deep OFFSET pages get slow?");

    // Changing one column's setting keeps the comparison (and its diff), marked as edited.
    await playground.column("a").getByLabel("Max results").fill("5");
    await expect(page.getByTestId("columns-edited")).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.has("setup")).toBe(true);
    await page.reload();
    await expect(playground.column("a").getByLabel("Max results")).toHaveValue("5");
    await expect(page.getByTestId("preset-compare").locator('tr[data-path="plugins[web].max_results"]')).toBeVisible();
    await page.getByRole("button", { name: "Rebuild from v1 and v2" }).click();
    await expect(page.getByTestId("columns-edited")).toBeHidden();
    await expectComparison(playground, "Why do deep OFFSET pages get slow?");
  });

  test("a version that does not exist is named, with a way back to the history", async ({ page, playground }) => {
    await page.goto(`/playground?preset=${SLUG}&versions=1..99`);
    const alert = page.getByTestId("preset-compare").getByRole("alert");
    await expect(alert).toContainText("Version 99 does not exist.");
    await expect(alert.getByRole("link", { name: `Choose versions in the history of ${SLUG}` })).toHaveAttribute("href", `/presets/${SLUG}?tab=history`);
    await expect(playground.column("a")).toHaveCount(0);
  });

  test("Try in playground opens the playground with the preset as the model", async ({ page, presetEditor }) => {
    await presetEditor.goto(SLUG);
    await page.getByRole("link", { name: "Try in playground" }).click();
    await expect(page).toHaveURL(/\/playground\?/);
    expect(new URL(page.url()).searchParams.get("model")).toBe(`@preset/${SLUG}`);
    await expect(page.getByLabel("Model or preset")).toHaveValue(`@preset/${SLUG}`);
  });
});
