import { readFile } from "node:fs/promises";
import { expect, test, type Role } from "./fixtures";
import { lookAt } from "./support/look";
import { EvaluationResultsPage } from "./pages/evaluation-results";
import type { APIRequestContext } from "@playwright/test";

/*
 * The results of an evaluation run, end to end against the embedded gateway: a question set and a run of
 * web-research v2 and v3 made through the API (v2 searches 8 results; v3 8 with exa and *.example.net excluded,
 * so their answers keep some sources, add some and drop some), then the results page as an editor sees it.
 * Designating saves a version of web-research; the test designates v3's settings again at the end, so the preset
 * answers as seeded for the specs after it.
 */

const SLUG = "web-research";
const QUESTIONS = [
  { question: "What does the Cache-Control max-age directive do?", tags: ["http", "caching"], allowed_domains: ["http.guide.example.org", "en.wikipedia.example"] },
  { question: "How does an ETag revalidate a cached response?", tags: ["http", "caching"] },
  { question: "What is the difference between no-cache and no-store?", tags: ["http"] },
];

interface Created {
  runId: string;
}

async function createRun(api: APIRequestContext): Promise<Created> {
  const set = await api.post("/api/evaluations/question-sets", { data: { name: `results e2e ${Date.now()}`, rows: QUESTIONS } });
  expect(set.status(), await set.text()).toBe(201);
  const setId = ((await set.json()) as { data: { set_id?: string; id?: string } }).data;
  const id = setId.set_id ?? setId.id;
  const run = await api.post("/api/evaluations/runs", {
    data: { set_id: id, preset: SLUG, versions: [2, 3], checks: ["min-citations:1", "citation-support"], cap_usd: 5 },
  });
  expect(run.status(), await run.text()).toBe(201);
  const runId = ((await run.json()) as { data: { id: string } }).data.id;
  await expect
    .poll(async () => ((await (await api.get(`/api/evaluations/runs/${runId}`)).json()) as { data: { status: string } }).data.status, { timeout: 240_000, intervals: [1_000] })
    .toBe("finished");
  return { runId };
}

interface DetailBody {
  data: { diff: { kept: string[]; added: string[]; dropped: string[] } | null };
}

/** A question whose diff has a kept, an added and a dropped source (the data decides which). */
async function questionWithFullDiff(api: APIRequestContext, runId: string): Promise<number> {
  const page = (await (await api.get(`/api/evaluations/runs/${runId}/results/questions?flags=citations_changed`)).json()) as { data: { question_index: number }[] };
  for (const row of page.data) {
    const detail = (await (await api.get(`/api/evaluations/runs/${runId}/results/questions/${row.question_index}`)).json()) as DetailBody;
    const diff = detail.data.diff;
    if (diff && diff.kept.length && diff.added.length && diff.dropped.length) return row.question_index;
  }
  throw new Error("no question with kept, added and dropped sources");
}

test.describe("evaluation results (editor)", () => {
  test.use({ role: "editor" satisfies Role });
  // Both tests read the one run beforeAll makes (about 25 s of answers): one worker, one run.
  test.describe.configure({ mode: "default" });
  let created: Created;

  test.beforeAll(async ({ apiAs }) => {
    test.setTimeout(300_000);
    created = await createRun(await apiAs("editor"));
  });

  test("filter, detail with highlights and diff, re-score, designate, export; axe and 360 px", async ({ page, apiAs, axe }) => {
    test.setTimeout(480_000);
    const api = await apiAs("editor");
    const results = new EvaluationResultsPage(page);
    const question = await questionWithFullDiff(api, created.runId);

    await results.goto(created.runId);
    await expect(page.getByTestId("version-summary")).toHaveCount(2);
    await expect(results.rows).toHaveCount(QUESTIONS.length);
    await axe.expectNoSeriousViolations(page, "results");
    await lookAt(page, "results");

    // The domains view, on its own address.
    await page.getByRole("navigation", { name: "Results views" }).getByRole("link", { name: "Domains" }).click();
    await expect(page).toHaveURL(/tab=domains/);
    await expect(page.getByTestId("version-domains")).toHaveCount(2);
    await axe.expectNoSeriousViolations(page, "domains");
    await lookAt(page, "domains");
    await page.getByRole("navigation", { name: "Results views" }).getByRole("link", { name: "Questions" }).click();

    // The filter is in the URL, so the view can be shared.
    await results.filter("Citations changed").click();
    await expect(page).toHaveURL(/filter=citations/);
    await expect(results.filter("Citations changed")).toHaveAttribute("aria-pressed", "true");
    await results.questionLink(question).click();
    await expect(page).toHaveURL(new RegExp(`q=${question}`));

    // Both answers, drawn by the playground's renderer with the cited spans marked; the diff of their sources.
    await expect(results.detailVersion(`${SLUG} v2`).getByTestId("answer-text").locator("mark[data-span-keys]").first()).toBeVisible({ timeout: 30_000 });
    await expect(results.detailVersion(`${SLUG} v3`).getByTestId("answer-text").locator("mark[data-span-keys]").first()).toBeVisible();
    for (const part of ["diff-kept", "diff-added", "diff-dropped"]) await expect(results.diff.getByTestId(part).getByRole("listitem").first()).toBeVisible();
    await expect(results.detail.getByTestId("support-verdicts").first()).toBeVisible();
    await axe.expectNoSeriousViolations(page, "question detail");
    await lookAt(page, "detail");

    // A reload of the shared address opens the same view.
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`filter=citations&q=${question}`));
    await expect(results.detail.getByRole("heading", { level: 2 })).toBeVisible({ timeout: 30_000 });
    await expect(results.filter("Citations changed")).toHaveAttribute("aria-pressed", "true");

    // Re-score with a new check: the cost first, then apply.
    await page.getByRole("button", { name: "Re-score…" }).click();
    const rescore = results.dialog("Re-score this run");
    await rescore.getByLabel("Kind").selectOption("contains-i");
    await rescore.getByLabel("Argument").fill("cache");
    await rescore.getByRole("button", { name: "Add check" }).click();
    // Without the citation-support check the re-score needs no judge call, so it is quick on a loaded machine.
    await rescore.getByRole("button", { name: /^Remove citation-support/ }).click();
    await rescore.getByRole("button", { name: "Estimate the cost" }).click();
    await expect(rescore.getByTestId("rescore-estimate")).toBeVisible();
    await lookAt(page, "rescore");
    await rescore.getByRole("button", { name: /^Re-score for about/ }).click();
    await expect(rescore.getByRole("status")).toContainText("Scoring 2 started", { timeout: 60_000 });
    await rescore.getByRole("button", { name: "Done" }).click();
    // The scoring runs on the server; once it has ended, the results under it carry the new check.
    await expect(page.getByTestId("scoring-2")).toContainText("done", { timeout: 120_000 });
    await page.getByTestId("scoring-2").getByRole("link", { name: /^Scoring 2/ }).click();
    await expect(page).toHaveURL(/scoring=2/);
    await expect(page.getByTestId("version-summary").first()).toContainText("contains-i: cache");
    await page.getByTestId("scoring-1").getByRole("link", { name: /^Scoring 1/ }).click();

    // Designate v2, then see it in the studio.
    await page.getByRole("button", { name: `Make ${SLUG} v2 designated` }).click();
    const designate = results.dialog(`Make ${SLUG} v2 the designated version`);
    await designate.getByRole("button", { name: "Make v2 designated" }).click();
    const done = designate.getByTestId("designate-done");
    await expect(done).toBeVisible({ timeout: 60_000 });
    const saved = Number(/Saved as version (\d+)/.exec((await done.textContent()) ?? "")?.[1]);
    await done.getByRole("link", { name: `Open ${SLUG} in the preset studio` }).click();
    await expect(page).toHaveURL(new RegExp(`/presets/${SLUG}`));
    await expect(page.getByText(`designated v${saved}`).first()).toBeVisible();
    // The studio's history links the new version back to the run it won.
    await page.getByRole("tab", { name: "History" }).click();
    const origin = page.locator(`tr[data-version='${saved}']`).getByRole("link", { name: `Evaluation run that made version ${saved} designated` });
    await expect(origin).toHaveAttribute("href", `/evaluations/runs/${created.runId}/results`);
    await origin.click();
    await expect(page).toHaveURL(new RegExp(`/evaluations/runs/${created.runId}/results`));
    // Put the seeded behaviour back for the specs after this one: v3's settings designated again.
    const restore = await api.post(`/api/evaluations/runs/${created.runId}/designate`, { data: { version: 3, expected_version: saved } });
    expect(restore.status(), await restore.text()).toBe(200);

    // Exports: CSV (a row per item) and JSON.
    await results.goto(created.runId);
    const [csv] = await Promise.all([page.waitForEvent("download"), results.exportLink("CSV").click()]);
    const csvText = await readFile((await csv.path())!, "utf8");
    const [header, ...lines] = csvText.trim().split(/\r\n/);
    expect(header).toContain("question_index");
    expect(header).toContain("cited_urls");
    expect(lines.filter((l) => /^\d+,/.test(l)).length).toBeGreaterThanOrEqual(QUESTIONS.length * 2);
    const [json] = await Promise.all([page.waitForEvent("download"), results.exportLink("JSON").click()]);
    const body = JSON.parse(await readFile((await json.path())!, "utf8")) as { items: { question_index: number; version_index: number }[] };
    expect(body.items).toHaveLength(QUESTIONS.length * 2);

    // 360 px: the table scrolls inside its own region, the page does not.
    await page.setViewportSize({ width: 360, height: 740 });
    await results.goto(created.runId, `?q=${question}`);
    await expect(results.detail.getByRole("heading", { level: 2 })).toBeVisible({ timeout: 30_000 });
    expect(await results.horizontalOverflow()).toBeLessThanOrEqual(0);
    await axe.expectNoSeriousViolations(page, "360 px");
    await lookAt(page, "narrow");

    // Compare: this run with itself is refused by the API (two runs needed), so the picker shows.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/evaluations/compare?runs=${created.runId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Compare evaluation runs" })).toBeVisible();
    await expect(page.getByRole("checkbox").first()).toBeVisible({ timeout: 30_000 });
    await axe.expectNoSeriousViolations(page, "compare");
    await lookAt(page, "compare");
  });

  test("keyboard: j and k walk the questions of the view", async ({ page }) => {
    const results = new EvaluationResultsPage(page);
    await results.goto(created.runId, "?q=0");
    await expect(results.detail.getByRole("heading", { level: 2 })).toHaveText(QUESTIONS[0].question, { timeout: 30_000 });
    await page.keyboard.press("j");
    await expect(page).toHaveURL(/q=1/);
    await expect(results.detail.getByRole("heading", { level: 2 })).toHaveText(QUESTIONS[1].question);
    await page.keyboard.press("k");
    await expect(results.detail.getByRole("heading", { level: 2 })).toHaveText(QUESTIONS[0].question);
    await expect(page.getByText("j next question")).toBeVisible();
  });
});
