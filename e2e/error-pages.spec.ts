import { expect, test } from "./fixtures";
import { lookAt } from "./support/look";

/**
 * The dashboard's error page (each page group's error.tsx, components/ui/route-error.tsx) on a page that really
 * fails. The dashboard's server pages never throw on a gateway failure (each island reports its own error with a
 * retry), so injected gateway faults do not reach it; what does is a part of the page whose code cannot be fetched
 * any more (the app redeployed under an open tab, the connection gone): React throws the failed chunk fetch to the
 * nearest error boundary. That error carries no id (no server logged it); the ids (Next's digest, the BFF's
 * error_id) are checked in components/ui/route-error.test.tsx.
 */
test.use({ role: "editor" });

test("a dialog whose code cannot be fetched: the error page in the shell, focused, axe clean; Try again brings the page back", async ({ page, axe }) => {
  await page.goto("/presets");
  const newPreset = page.getByRole("button", { name: "New preset" });
  await expect(newPreset).toBeVisible();
  const chunks = "**/_next/static/chunks/**";
  // From now on no script arrives; the New preset dialog's chunk was not needed until its button is pressed.
  await page.route(chunks, (route) => route.abort("connectionfailed"));
  await newPreset.focus();
  await page.keyboard.press("Enter");

  const error = page.getByTestId("page-error");
  await expect(error).toBeVisible({ timeout: 30_000 });
  await expect(error.getByRole("heading", { name: "This page could not be shown" })).toBeFocused();
  await expect(error.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(error).not.toContainText("error id");
  // The boundary sits inside the dashboard's layout: the navigation stays, so the user can go elsewhere.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Files" })).toBeVisible();
  await axe.expectNoSeriousViolations(page, "error page");

  await page.unroute(chunks);
  await error.getByRole("button", { name: "Try again" }).click();
  await expect(error).toBeHidden({ timeout: 30_000 });
  await expect(newPreset).toBeVisible();
});

test("an address no page answers: 404, said in the dashboard's look, with the way back, axe clean", async ({ page, axe }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found · Gatehouse");
  await axe.expectNoSeriousViolations(page, "not found page");
  await lookAt(page, "not-found");
  await page.getByRole("link", { name: "Go to the dashboard" }).click();
  await expect(page).toHaveURL(/\/presets$/);
});
