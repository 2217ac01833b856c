import { expect, test } from "./fixtures";

const SECTIONS = [
  { label: "Presets", path: "/presets" },
  { label: "Files", path: "/files" },
  { label: "Video models", path: "/video-models" },
  { label: "Playground", path: "/playground" },
] as const;

test.describe("app shell", () => {
  test.use({ role: "viewer" });

  test("navigates to every section and marks the current one", async ({ page, presetsList }) => {
    await presetsList.goto();
    for (const section of SECTIONS) {
      await presetsList.navLink(section.label, { exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${section.path}(\\?|$)`));
      await expect(presetsList.navLink(section.label, { exact: true })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
  });

  test("is usable by keyboard: skip link, then the navigation", async ({ page }) => {
    await page.goto("/presets");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  });

  test("fits a 360 px wide screen without horizontal scrolling", async ({ page, presetsList }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await presetsList.goto();
    await expect(presetsList.nav).toBeVisible();
    expect(await presetsList.horizontalOverflow()).toBeLessThanOrEqual(0);
  });

  test("scripts and styles arrive Brotli-compressed, the budget's measure, and the page works from them", async ({ page }) => {
    const encodings = new Map<string, string | undefined>();
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith("/_next/static/") && /\.(js|css)$/.test(url.pathname)) {
        encodings.set(url.pathname, response.headers()["content-encoding"]);
      }
    });
    await page.goto("/files");
    await expect(page.getByRole("listbox", { name: /Files in/ })).toBeVisible();
    expect(encodings.size).toBeGreaterThan(5);
    expect([...encodings].filter(([, encoding]) => encoding !== "br")).toEqual([]);
  });

  test("follows the system's dark setting", async ({ page }) => {
    // Tailwind's colours come back as oklch()/lab() strings: let the browser turn them into RGB on a canvas.
    const bodyBrightness = () =>
      page.evaluate(() => {
        const canvas = document.createElement("canvas");
        canvas.width = canvas.height = 1;
        const context = canvas.getContext("2d")!;
        context.fillStyle = getComputedStyle(document.body).backgroundColor;
        context.fillRect(0, 0, 1, 1);
        const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
        return red + green + blue;
      });
    // The page restyles a moment after the emulated setting changes: wait for it.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/presets");
    await expect.poll(bodyBrightness).toBeLessThan(100);
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(bodyBrightness).toBeGreaterThan(600);
  });

  test("has no serious or critical accessibility violations", async ({ page, presetsList, axe }) => {
    await presetsList.goto();
    await expect(presetsList.nav).toBeVisible();
    await axe.expectNoSeriousViolations(page, "header", { include: "header" });
  });
});

test("the health route answers without a session", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok" });
});
