import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { lookAt } from "./support/look";

/**
 * Issue 39: the usage console. An admin's playground answer lands on the ledger; /usage shows it by feature, in
 * the chart's table and in the calls, axe clean, at 1280 and 360 px. Real BFF, embedded gateway, app database.
 */
test.describe("usage console", () => {
  test.use({ role: "admin" });

  test("an admin sees spending by feature after a playground answer", async ({ page, apiAs, axe }) => {
    test.slow();
    const admin = await apiAs("admin");
    const answered = await admin.post("/api/responses", { data: { model: "gatehouse/echo", input: "usage console e2e", stream: false } });
    expect(answered.status(), await answered.text()).toBe(200);

    // A link naming the range and zone is prefetched on the server: the breakdowns are in the HTML itself.
    const today = new Date().toISOString().slice(0, 10);
    const html = await (await admin.get(`/usage?from=${today}&to=${today}&tz=UTC`)).text();
    expect(html).toContain('id="usage-by-feature"');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/usage?tz=UTC");
    await expect(page.getByRole("heading", { name: "Usage", level: 1 })).toBeVisible();
    const byFeature = page.getByRole("region", { name: "By feature" });
    // The first report waits for the browser's zone, then the server: generous on a loaded machine.
    await expect(byFeature.getByRole("rowheader", { name: "playground" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("usage-budget")).toContainText(/left of \$\d/);
    const calls = page.getByRole("region", { name: "Calls" });
    await expect(calls.getByRole("link", { name: "Playground" }).first()).toHaveAttribute("href", "/playground");

    // The CSV holds the rows shown: one line per call in the table, the same calls in the same order.
    const exportButton = calls.getByRole("button", { name: /^Export \d+ as CSV$/ });
    await expect(exportButton).toBeEnabled();
    const shown = await calls.getByRole("row").count();
    const download = page.waitForEvent("download");
    await exportButton.click();
    const csv = readFileSync(await (await download).path(), "utf8").trimEnd().split("\r\n");
    expect(csv).toHaveLength(shown);
    expect(csv[0]).toMatch(/^time,person,feature,model/);
    const firstModel = await calls.getByRole("row").nth(1).getByRole("cell").nth(2).textContent();
    expect(csv[1]?.split(",")[3]).toBe(firstModel);

    // Drill down to the gateway's record of the playground answer.
    const playgroundRow = calls.getByRole("row").filter({ has: page.getByRole("link", { name: "Playground" }) }).first();
    await playgroundRow.getByRole("button", { name: /^Details/ }).click();
    await expect(calls.getByTestId("call-generation").first()).toContainText("Provider");

    await page.getByText("Spend per day as a table").click();
    await expect(page.getByRole("table", { name: "Spend per day by feature" })).toBeVisible();
    await page.getByRole("radio", { name: "By model" }).check();
    await expect(page).toHaveURL(/stack=model/);
    await expect(page.getByRole("table", { name: "Spend per day by model" }).getByRole("columnheader", { name: "gatehouse/echo" })).toBeVisible();

    await page.getByRole("combobox", { name: "Feature" }).selectOption("video");
    await expect(page).toHaveURL(/feature=video/);
    await expect(byFeature.getByRole("rowheader", { name: "playground" })).toBeHidden();
    await page.getByRole("combobox", { name: "Feature" }).selectOption("");

    await expect(byFeature.getByRole("rowheader", { name: "playground" })).toBeVisible();
    await expect(page.getByTestId("usage-reconciliation")).toContainText("Ledger");
    await lookAt(page, "usage-1280");
    await expect.poll(() => axe.seriousViolations(page), { timeout: 45_000 }).toEqual([]);

    await page.setViewportSize({ width: 360, height: 800 });
    await expect(byFeature.getByRole("rowheader", { name: "playground" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await lookAt(page, "usage-360");
    await expect.poll(() => axe.seriousViolations(page), { timeout: 45_000 }).toEqual([]);
  });
});
