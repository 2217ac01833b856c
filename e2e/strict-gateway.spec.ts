import type { Page } from "@playwright/test";
import { defaultRequest, playgroundHref, userTurn } from "../lib/playground/setup";
import { expect, test } from "./fixtures";

/*
 * The "strict" project: the dashboard against an app of its own whose embedded gateway runs with
 * EMBEDDED_GATEWAY_STRICT=1 (playwright.config.ts), i.e. with none of our extensions: no If-Match on preset
 * saves, uploaded files not downloadable, files oldest first, API keys limited to their workspace, model
 * entries without our fields. Each page loads and shows its data; a preset saves; the files scroll to the
 * end; a streamed web-search answer shows its citations. Tagged @strict: only that project runs them.
 */

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test.describe("against a gateway with none of our extensions @strict", () => {
  test.use({ role: "editor" });

  test("every page loads and shows its data", async ({ page }) => {
    await page.goto("/presets");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "echo-debug" }).first()).toBeVisible();

    await page.goto("/files");
    await expect(page.getByTestId("file-row").first()).toBeVisible();

    await page.goto("/video-models");
    await expect(page.getByTestId("video-model-card").first()).toBeVisible();

    await page.goto("/playground");
    await expect(page.getByRole("toolbar", { name: "Playground" })).toHaveAttribute("data-hydrated", "true");
  });

  test("saves a preset: a new one, then a second version from the editor", async ({ page, apiAs }) => {
    const api = await apiAs("editor");
    const slug = `e2e-strict-${RUN}`;
    const created = await api.post(`/api/presets/${slug}`, {
      data: { model: "gatehouse/echo", temperature: 0.2, messages: [{ role: "system", content: "Be brief." }] },
      headers: { "If-None-Match": "*" },
    });
    expect(created.status(), await created.text()).toBe(200);

    await page.goto(`/presets/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: slug })).toBeVisible();
    const temperature = page.getByLabel("Temperature", { exact: true }).and(page.locator("input"));
    await temperature.fill("0.7");
    await page.getByRole("button", { name: "Save…" }).click();
    await page.getByRole("dialog", { name: "Review changes" }).getByRole("button", { name: "Save new version" }).click();
    await expect(page.getByText("Saved as version 2.")).toBeVisible();
    // This gateway does not check If-Match, and the editor says so instead of implying it did.
    await expect(page.getByText("This gateway could not confirm nobody else saved in between.")).toBeVisible();

    const version = await api.get(`/api/presets/${slug}/versions/2`);
    expect(((await version.json()) as { data: { config: { temperature: number } } }).data.config.temperature).toBe(0.7);
  });

  test("scrolls the file list to its end, every file once", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("/files");
    await expect(page.getByTestId("file-row").first()).toBeVisible();
    const seen = await page.evaluate(async () => {
      const scroller = document.querySelector<HTMLElement>('[data-testid="file-scroller"]')!;
      const ids = new Map<number, string>();
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const started = Date.now();
      while (Date.now() - started < 100_000) {
        for (const row of scroller.querySelectorAll<HTMLElement>('[data-testid="file-row"]')) ids.set(Number(row.dataset.index), row.dataset.fileId!);
        const atBottom = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
        if (atBottom && scroller.querySelector('[data-testid="files-end"]')) break;
        if (atBottom) await new Promise((resolve) => setTimeout(resolve, 50));
        else {
          scroller.scrollTop += scroller.clientHeight;
          await frame();
        }
      }
      return [...ids.values()];
    });
    expect(new Set(seen).size).toBe(seen.length);
    const count = new Intl.NumberFormat("en").format(seen.length);
    await expect(page.getByTestId("files-end")).toHaveText(`All ${count} files loaded`);
    expect(seen.length).toBeGreaterThanOrEqual(1500);
  });

  test("runs a streamed web-search answer with highlighted citations and the searched sources", async ({ page }) => {
    const request = { ...defaultRequest("gatehouse/swift"), input: [userTurn("How does SQLite write-ahead logging work?")] };
    await page.goto(playgroundHref({ columns: [{ request }] }));
    await expect(page.getByRole("toolbar", { name: "Playground" })).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("button", { name: "Run column Request" }).click();
    await expect(page.getByTestId("column-a").getByTestId("run-status")).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
    await expect(marks(page).first()).toBeVisible();
    await expect(page.getByTestId("cited-sources").locator("li").first()).toContainText(/\d+ spans?/);
    // The server tool's search comes as an openrouter:web_search item on this gateway, not a web_search_call.
    const searched = page.getByRole("tab", { name: /^Searched \(\d+\)$/ });
    await expect(searched).not.toHaveText("Searched (0)");
    await searched.click();
    await expect(page.getByTestId("searched-sources").getByRole("listitem").first()).toBeVisible();
  });
});

function marks(page: Page) {
  return page.locator("#run-a-text mark[data-span-keys]");
}
