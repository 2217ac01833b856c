import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures";
import { lookAt } from "./support/look";

/**
 * Issue 38: an editor creates a personal access token on the account page (its text shown once), the token opens the
 * evaluation API as a bearer token, and revoking it on the page closes it at once. Axe clean; fits 360 px.
 */

const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

test.describe("personal access tokens", () => {
  test.use({ role: "editor" });

  test("an editor creates a token (shown once) and revokes it; the page is axe clean and fits 360 px", async ({ page, baseURL, axe }) => {
    test.slow();
    const name = `e2e ${unique()}`;
    await page.goto("/");
    await page.getByRole("button", { name: /^Account:/ }).click();
    await page.getByRole("link", { name: "Account and access tokens" }).click();
    // A server-rendered page: under the suite's load its first render may take a while.
    await expect(page).toHaveURL(/\/account$/, { timeout: 45_000 });
    await expect(page.getByRole("heading", { name: "Personal access tokens" })).toBeVisible({ timeout: 30_000 });

    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByText(/Name must not be empty/)).toBeVisible();
    await page.getByLabel("Token name").fill(name);
    await page.getByRole("button", { name: "Create token" }).click();
    const shown = page.getByTestId("new-token");
    await expect(shown).toHaveText(/^gatehouse_pat_[A-Za-z0-9_-]{43}$/);
    const token = (await shown.textContent())!.trim();
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("Never");
    await lookAt(page, "account-tokens-1280");
    await expect.poll(() => axe.seriousViolations(page), { timeout: 45_000 }).toEqual([]);

    // The token opens the evaluation API, and nothing else.
    const cli = await playwrightRequest.newContext({ baseURL: new URL(baseURL!).origin, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
    try {
      expect((await cli.get("/api/evaluations/runs")).status()).toBe(200);
      expect((await cli.get("/api/me")).status()).toBe(401);

      // Shown once: after a reload the page lists the token by name only.
      await page.reload();
      await expect(row).toBeVisible();
      await expect(page.getByText(token)).toHaveCount(0);

      await page.setViewportSize({ width: 360, height: 800 });
      await expect(row).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await lookAt(page, "account-tokens-360");
      await expect.poll(() => axe.seriousViolations(page), { timeout: 45_000 }).toEqual([]);

      await row.getByRole("button", { name: `Revoke ${name}` }).click();
      await row.getByRole("button", { name: `Revoke ${name} now` }).click();
      await expect(row).toHaveCount(0);
      expect((await cli.get("/api/evaluations/runs")).status()).toBe(401);
    } finally {
      await cli.dispose();
    }
  });
});
