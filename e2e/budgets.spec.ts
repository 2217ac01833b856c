import { expect, test } from "./fixtures";
import { lookAt } from "./support/look";

/**
 * Issue 39: an admin gives a person a spending budget on the users page; each person sees what is left of theirs
 * in the header's account menu. Real BFF, real app database.
 */

const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

test.describe("budgets per person", () => {
  test.use({ role: "admin" });

  test("an admin sets a person's budget; the account menu shows what is left", async ({ page, apiAs, usersPage, axe }) => {
    test.slow();
    const admin = await apiAs("admin");
    const email = `e2e-budget-${unique()}@users.test`;
    const created = await admin.post("/api/users", { data: { email, role: "editor", password: "correct-horse-42" } });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    try {
      await usersPage.goto();
      await usersPage.row(email).getByRole("button", { name: `Budget of ${email}` }).click();
      const dialog = page.getByRole("dialog", { name: /Spending budget of/ });
      const day = dialog.getByLabel("Per day (USD)");
      await expect(day).toBeFocused();
      await expect(dialog.getByText(/spent today \(UTC\)/)).toBeVisible();
      await day.fill("-3");
      await dialog.getByRole("button", { name: "Save budget" }).click();
      await expect(dialog.getByText(/Per day must be more than 0/)).toBeVisible();
      await day.fill("2.5");
      await dialog.getByLabel("Per calendar month (USD)").fill("40");
      await lookAt(dialog, "budget-dialog");
      await expect.poll(() => axe.seriousViolations(page, { include: '[role="dialog"]' }), { timeout: 45_000 }).toEqual([]);
      await dialog.getByRole("button", { name: "Save budget" }).click();
      await expect(usersPage.notice(/\$2\.50 a day, \$40\.00 a month/)).toBeVisible();
      const budget = await admin.get(`/api/users/${id}/budget`);
      expect(((await budget.json()) as { data: { day: { limit_usd: number } } }).data.day.limit_usd).toBe(2.5);

      await page.getByRole("button", { name: /^Account:/ }).click();
      const left = page.getByTestId("budget-left");
      await expect(left).toContainText("Left today");
      await expect(left).toContainText(/of \$\d/);
      await lookAt(page, "account-menu-budget");
    } finally {
      await admin.delete(`/api/users/${id}`);
    }
  });
});
