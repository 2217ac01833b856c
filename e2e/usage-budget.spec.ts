import { readFileSync } from "node:fs";
import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createQuestionSet } from "./support/question-sets";

/**
 * Issue 39, end to end: an admin gives a new person a budget; the person spends in the playground and in an
 * evaluation run; /usage shows both features; once the budget is spent the next answer is refused (402/429 with
 * what was spent, the limit and the reset); the CSV holds the calls the table shows. Real BFF, embedded gateway,
 * app database, Chromium. A person of its own, so no other test's spending meets this budget.
 */
const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

test.describe("usage and budgets together", () => {
  test("a person's playground and evaluation spending show on /usage, the budget refuses the next, the CSV matches", async ({ page, apiAs, signInPage, baseURL }) => {
    test.setTimeout(300_000);
    const admin = await apiAs("admin");
    const email = `e2e-usage-${unique()}@users.test`;
    const password = "correct-horse-42";
    const created = await admin.post("/api/users", { data: { email, role: "editor", password } });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    const contexts: { dispose(): Promise<void> }[] = [];
    try {
      const budgeted = await admin.put(`/api/users/${id}/budget`, { data: { day_usd: 5, month_usd: null } });
      expect(budgeted.status(), await budgeted.text()).toBe(200);

      await signInPage.goto();
      await signInPage.signIn(email, password);
      // A password hash is slow on purpose (and slower on a loaded machine).
      await expect(page).not.toHaveURL(/sign-in/, { timeout: 60_000 });
      // The person's own calls: an API context with their session cookie, same-origin.
      const origin = new URL(baseURL!).origin;
      const me = await playwrightRequest.newContext({ baseURL: origin, storageState: await page.context().storageState(), extraHTTPHeaders: { Origin: origin } });
      contexts.push(me);
      const headers = { Origin: origin };

      const answered = await me.post("/api/responses", { data: { model: "gatehouse/echo", input: "usage and budget e2e", stream: false }, headers });
      expect(answered.status(), await answered.text()).toBe(200);
      const setId = await createQuestionSet(me, { name: `Usage e2e ${unique()}`, rows: [{ question: "What is a ledger?" }, { question: "What is a budget?" }] });
      const started = await me.post("/api/evaluations/runs", { data: { set_id: setId, models: ["gatehouse/echo"], concurrency: 1, cap_usd: 1 }, headers });
      expect(started.status(), await started.text()).toBe(201);
      const runId = ((await started.json()) as { data: { id: string } }).data.id;
      await expect
        .poll(async () => ((await (await me.get(`/api/evaluations/runs/${runId}`)).json()) as { data: { status: string } }).data.status, { timeout: 240_000, intervals: [1_000] })
        .toBe("finished");

      // The admin brings the day's limit down to what was spent: the next answer no longer fits.
      const budget = (await (await admin.get(`/api/users/${id}/budget`)).json()) as { data: { day: { spent_usd: number } } };
      const limit = budget.data.day.spent_usd + 0.000001;
      expect((await admin.put(`/api/users/${id}/budget`, { data: { day_usd: limit, month_usd: null } })).status()).toBe(200);
      const refused = await me.post("/api/responses", { data: { model: "gatehouse/echo", input: "one more", stream: false }, headers });
      expect([402, 429]).toContain(refused.status());
      const error = ((await refused.json()) as { error: { metadata: Record<string, unknown> } }).error;
      expect(error.metadata).toMatchObject({ limit: "per_day", limit_usd: limit, spent_usd: expect.any(Number), resets_at: expect.any(String) });

      await page.goto("/usage?tz=UTC");
      const byFeature = page.getByRole("region", { name: "By feature" });
      await expect(byFeature.getByRole("rowheader", { name: "playground" })).toBeVisible({ timeout: 30_000 });
      await expect(byFeature.getByRole("rowheader", { name: "evaluation-item" })).toBeVisible();

      // The CSV holds the calls the table shows, feature by feature in the same order.
      const calls = page.getByRole("region", { name: "Calls" });
      const exportButton = calls.getByRole("button", { name: /^Export \d+ as CSV$/ });
      await expect(exportButton).toBeEnabled();
      const rows = calls.getByRole("row");
      const shown = await rows.count();
      const download = page.waitForEvent("download");
      await exportButton.click();
      const csv = readFileSync(await (await download).path(), "utf8").trimEnd().split("\r\n");
      expect(csv).toHaveLength(shown);
      const tableFeatures = await Promise.all(Array.from({ length: shown - 1 }, (_, index) => rows.nth(index + 1).getByRole("cell").nth(2).textContent()));
      expect(csv.slice(1).map((line) => line.split(",")[2])).toEqual(tableFeatures);
      expect(new Set(tableFeatures)).toEqual(new Set(["playground", "evaluation-item"]));
    } finally {
      await admin.delete(`/api/users/${id}`);
      await Promise.all(contexts.map((context) => context.dispose()));
    }
  });
});
