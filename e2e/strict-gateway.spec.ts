import { defaultRequest, userTurn } from "../lib/playground/setup";
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

  test("every page loads and shows its data", async ({ page, presetsList, filesPage, videoModels, playground }) => {
    await presetsList.goto();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "echo-debug" }).first()).toBeVisible();

    await filesPage.goto();
    await videoModels.open();
    await playground.goto("/playground");
  });

  test("saves a preset: a new one, then a second version from the editor", async ({ page, apiAs, presetEditor }) => {
    const api = await apiAs("editor");
    const slug = `e2e-strict-${RUN}`;
    const created = await api.post(`/api/presets/${slug}`, {
      data: { model: "gatehouse/echo", temperature: 0.2, messages: [{ role: "system", content: "Be brief." }] },
      headers: { "If-None-Match": "*" },
    });
    expect(created.status(), await created.text()).toBe(200);

    await presetEditor.open(slug);
    await presetEditor.control("Temperature").fill("0.7");
    await presetEditor.saveNewVersion();
    await expect(page.getByText("Saved as version 2.")).toBeVisible();
    // This gateway does not check If-Match, and the editor says so instead of implying it did.
    await expect(page.getByText("This gateway could not confirm nobody else saved in between.")).toBeVisible();

    const version = await api.get(`/api/presets/${slug}/versions/2`);
    expect(((await version.json()) as { data: { config: { temperature: number } } }).data.config.temperature).toBe(0.7);
  });

  test("scrolls the file list to its end, every file once", async ({ filesPage }) => {
    test.setTimeout(120_000);
    await filesPage.goto();
    const { ids: seen } = await filesPage.scan();
    expect(new Set(seen).size).toBe(seen.length);
    const count = new Intl.NumberFormat("en").format(seen.length);
    await expect(filesPage.end).toHaveText(`All ${count} files loaded`);
    expect(seen.length).toBeGreaterThanOrEqual(1500);
  });

  test("runs a streamed web-search answer with highlighted citations and the searched sources", async ({ page, playground }) => {
    await playground.open({ ...defaultRequest("gatehouse/swift"), input: [userTurn("How does SQLite write-ahead logging work?")] });
    await playground.runAndComplete();
    await expect(playground.marks().first()).toBeVisible();
    await expect(playground.citedSources.locator("li").first()).toContainText(/\d+ spans?/);
    // The server tool's search comes as an openrouter:web_search item on this gateway, not a web_search_call.
    const searched = page.getByRole("tab", { name: /^Searched \(\d+\)$/ });
    await expect(searched).not.toHaveText("Searched (0)");
    await searched.click();
    await expect(page.getByTestId("searched-sources").getByRole("listitem").first()).toBeVisible();
  });
});
