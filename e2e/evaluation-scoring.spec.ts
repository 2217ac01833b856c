import { expect, test } from "./fixtures";
import { EvaluationResultsPage } from "./pages/evaluation-results";
import { lookAt } from "./support/look";
import { createQuestionSet } from "./support/question-sets";

/*
 * Scoring what matters (issue 37), end to end against the embedded gateway: a CSV with per-row checks, an
 * expected answer, allowed domains and {{vars}} is imported; a run of web-research v2 is started from the form with
 * a chosen judge (the gateway's demo judge) and pass threshold; the question page shows which checks applied to each
 * row, where they came from and why each passed or failed, the demo judge's label, and each answer's cost split.
 */

const CSV = [
  "question,expected,checks,allowed_domains,vars.topic",
  '"How does {{topic}} work?","max-age sets how long a cached response stays fresh, in seconds","contains-i:cache; expected-terms:0.3",,HTTP caching',
  '"How does an ETag revalidate a cached {{topic}}?","the cache sends the stored ETag in If-None-Match and gets 304 Not Modified",expected,http.guide.example.org,response',
].join("\n");

test.describe("evaluation scoring (editor)", () => {
  test.use({ role: "editor" });

  test("per-row checks and vars, a chosen judge, per-row verdicts and the cost split on the results page", async ({ page, apiAs, evaluationRuns, axe }) => {
    test.setTimeout(300_000);
    const api = await apiAs("editor");
    const name = `Scoring ${Date.now()}`;
    const setId = await createQuestionSet(api, { name, format: "csv", text: CSV });
    // The set kept the rows' own checks and vars.
    const stored = (await (await api.get(`/api/evaluations/question-sets/${setId}`)).json()) as { data: { rows: { checks?: string[]; vars?: Record<string, string> }[] } };
    expect(stored.data.rows[0]).toMatchObject({ checks: ["contains-i:cache", "expected-terms:0.3"], vars: { topic: "HTTP caching" } });

    // A judge the gateway does not list is refused before anything runs, naming the field.
    const refused = await api.post("/api/evaluations/runs/estimate", { data: { set_id: setId, preset: "web-research", versions: [2], checks: ["citation-support"], cap_usd: 1, judge_model: "nobody/judge" } });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { error: { metadata: { issues: { path: string }[] } } }).error.metadata.issues[0].path).toBe("judge_model");

    await evaluationRuns.openForm(`?preset=web-research&versions=2&set=${setId}`);
    await page.getByTestId("check-kind").selectOption("citation-support");
    await page.getByRole("button", { name: "Add check" }).click();
    await expect(page.getByTestId("plan-checks")).toContainText("citation-support");
    await page.getByTestId("judge-model").fill("gatehouse/judge");
    await page.getByTestId("judge-threshold").fill("0.4");
    await evaluationRuns.cap.fill("1");
    await expect(evaluationRuns.estimate).toContainText("2 answers", { timeout: 30_000 });
    await expect(evaluationRuns.estimate).toContainText("Judge");
    await axe.expectNoSeriousViolations(page, "new run form with a judge");
    const runId = await evaluationRuns.confirmStart();
    await expect(evaluationRuns.run).toHaveAttribute("data-status", "finished", { timeout: 180_000 });
    // The run page splits what the answers cost, as the results page does.
    await expect(page.getByTestId("run-cost-split")).toContainText(/\$[\d.]+ \/ \$0\.0*[1-9][\d.]* \/ \$0\.0*[1-9]/);
    await axe.expectNoSeriousViolations(page, "finished run with its cost split");
    const plan = ((await (await api.get(`/api/evaluations/runs/${runId}`)).json()) as { data: { plan: { judge_model?: string; judge_threshold?: number } } }).data.plan;
    expect(plan).toMatchObject({ judge_model: "gatehouse/judge", judge_threshold: 0.4 });

    const results = new EvaluationResultsPage(page);
    await results.goto(runId);
    await expect(page.getByTestId("judge-line")).toContainText("gatehouse/judge");
    await expect(page.getByTestId("judge-line").getByTestId("demo-judge")).toHaveText("demo judge");
    const summary = page.getByTestId("version-summary");
    await expect(summary).toContainText("Invented citations");
    await expect(summary).toContainText("Sentences without a supported citation");
    await expect(summary).toContainText("Cost: judge");
    await lookAt(page, "scoring-results-1280");

    // Question 1: the run's check and the row's own, each saying where it came from and why.
    await results.questionLink(0).click();
    const first = results.detailVersion("web-research v2");
    const checks = first.getByTestId("detail-check");
    await expect(checks.filter({ hasText: "citation-support" }).getByTestId("detail-check-origin")).toHaveText("run check", { timeout: 30_000 });
    const contains = checks.filter({ hasText: "contains-i:cache" });
    await expect(contains.getByTestId("detail-check-origin")).toHaveText("this question's check");
    await expect(contains).toContainText(/The answer (contains|does not contain) "cache"/);
    await expect(checks.filter({ hasText: "expected-terms" })).toContainText("of the expected answer's");
    await expect(checks.filter({ hasText: "citation-support" }).getByTestId("demo-judge")).toBeVisible();
    await expect(first.getByTestId("support-flags").first()).toContainText(/supported/);
    // The cost split: tokens, web search and the judge's calls (citation support asked the judge), adding up.
    const split = first.getByTestId("detail-cost-split");
    await expect(split).toContainText(/tokens \$\d/);
    await expect(split).toContainText(/web search \$0\.0*[1-9]/);
    await expect(split).toContainText(/judge \$0\.0*[1-9]/);
    await axe.expectNoSeriousViolations(page, "question detail with per-row checks");
    await lookAt(page, "scoring-detail-1280");
    // The judge read the question as asked: its {{topic}} filled from the row's vars.
    await expect(first.getByTestId("support-verdicts")).not.toContainText("0 of the question's 1 content words");

    // Question 2: its expected answer graded by the judge, its allowed domains a check of that row.
    await results.questionLink(1).click();
    const second = results.detailVersion("web-research v2").getByTestId("detail-check");
    await expect(second.filter({ has: page.locator("span.font-mono", { hasText: /^expected$/ }) }).getByTestId("detail-check-origin")).toHaveText("this question's check", { timeout: 30_000 });
    await expect(second.filter({ hasText: "allowed-domains:http.guide.example.org" }).getByTestId("detail-check-origin")).toHaveText("this question's allowed domains");
    await expect(second.filter({ hasText: "allowed-domains" })).toContainText(/citation|allowed/);

    await page.setViewportSize({ width: 360, height: 800 });
    await expect(results.detail).toBeVisible();
    await lookAt(results.detailVersion("web-research v2"), "scoring-detail-version-360");
    await results.goto(runId);
    await lookAt(page, "scoring-results-360");
    await lookAt(summary, "scoring-summary-360");
  });
});

test.describe("against a gateway with none of our extensions @strict", () => {
  test.use({ role: "editor" });

  test("a run with a judge the strict gateway lists scores every answer: per-row checks, citation verdicts, judge cost", async ({ apiAs }) => {
    test.setTimeout(240_000);
    const api = await apiAs("editor");
    const models = (await (await api.get("/api/models")).json()) as { data: { id: string }[] };
    expect(models.data.map((model) => model.id)).toContain("gatehouse/judge");
    const setId = await createQuestionSet(api, { name: `Strict scoring ${Date.now()}`, format: "csv", text: CSV });
    const created = await api.post("/api/evaluations/runs", {
      data: { set_id: setId, preset: "web-research", versions: [2], checks: ["citation-support", "judge:answers the question"], cap_usd: 1, judge_model: "gatehouse/judge" },
    });
    expect(created.status(), await created.text()).toBe(201);
    const runId = ((await created.json()) as { data: { id: string } }).data.id;
    await expect
      .poll(async () => ((await (await api.get(`/api/evaluations/runs/${runId}`)).json()) as { data: { status: string } }).data.status, { timeout: 180_000, intervals: [1_000] })
      .toBe("finished");
    const detail = (await (await api.get(`/api/evaluations/runs/${runId}/results/questions/1`)).json()) as {
      data: { versions: { repeats: { checks: { kind: string; origin: string; judge_model: string | null }[]; cost_split: { judge_usd: number }; citation_support: { invented: boolean | null }[] | null }[] }[] };
    };
    const repeat = detail.data.versions[0].repeats[0];
    expect(repeat.checks.map((check) => [check.kind, check.origin])).toEqual([
      ["citation-support", "run"],
      ["judge", "run"],
      ["expected", "row"],
      ["allowed-domains", "allowed_domains"],
    ]);
    expect(repeat.checks.find((check) => check.kind === "expected")?.judge_model).toBe("gatehouse/judge");
    expect(repeat.cost_split.judge_usd).toBeGreaterThan(0);
    expect(repeat.citation_support?.every((verdict) => verdict.invented === false)).toBe(true);
  });
});
