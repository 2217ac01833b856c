import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { FilesPage } from "./pages/files";
import { PlaygroundPage } from "./pages/playground";
import { PresetEditorPage, PresetsListPage } from "./pages/presets";
import { VideoModelsPage } from "./pages/video-models";
import { gatewayFiles, researchWorkspaceId } from "./support/gateway-files";

/**
 * Early input counts (convention 26; components/ui/early-input): each test acts on a server-rendered control the
 * moment it appears, on a page opened with `waitUntil: "commit"` in a CPU slowed down four times, then checks that
 * what the control shows and what the page does agree. One test per kind of control.
 *
 * On a quick machine the page's code can be running before the control is even painted, and the test would then
 * prove nothing; so the page's scripts are held back (not delayed by a time: answered once the action is done),
 * which is what a slow connection does. Only the lazily loaded workspace picker fails today without that help.
 */

test.use({ role: "editor" });

/**
 * The first check after the scripts are let through waits for the page to load, hydrate at a quarter speed and
 * replay the action: on a loaded 2-core machine that alone can take well over the suite's 10 s.
 */
const HYDRATED = { timeout: 45_000 };

/** Chromium at a quarter of its speed, as a slow phone would run the page. */
async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/**
 * Opens `url` as a slow device on a slow connection would: the HTML at once, the page's scripts only when the
 * returned function is called. Until then the server-rendered page is all there is.
 */
async function openWithCodeHeld(page: Page, url: string): Promise<() => Promise<void>> {
  await slowCpu(page);
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/_next\/static\/.*\.js(\?|$)/, (route) => (holding ? void held.push(route) : route.continue()));
  await page.goto(url, { waitUntil: "commit" });
  return async () => {
    holding = false;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}

test.describe("early input", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a workspace picked before the picker's code arrives is the workspace listed (a select in a lazy part)", async ({ page, axe }) => {
    const researchId = await researchWorkspaceId();
    const [firstResearchFile] = await gatewayFiles(researchId);
    const files = new FilesPage(page);
    const release = await openWithCodeHeld(page, "/files");
    const picker = page.getByLabel("Workspace", { exact: true });
    await picker.selectOption({ label: "Research" });
    await release();

    await expect(page).toHaveURL(new RegExp(`workspace_id=${researchId}`), HYDRATED);
    await expect(files.rows.first()).toHaveAttribute("data-file-id", firstResearchFile.id);
    await expect(page.getByRole("listbox", { name: "Files in the selected workspace" })).toBeVisible();
    await expect(picker).toHaveValue(researchId);
    await expect(picker).not.toHaveAttribute("data-early-held");
    await axe.expectNoSeriousViolations(page, "files after an early workspace pick");
  });

  test("text typed in a search box before the page is interactive filters the list and the URL", async ({ page }) => {
    const files = new FilesPage(page);
    const release = await openWithCodeHeld(page, "/files");
    await files.filter.fill("pdf");
    await release();

    await expect(page).toHaveURL(/[?&]q=pdf(&|$)/, HYDRATED);
    await expect(files.status).toHaveText(/ match(es)?\b/);
    for (const label of await files.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute("aria-label") ?? ""))) {
      expect(label.toLowerCase()).toContain("pdf");
    }
    await expect(files.filter).toHaveValue("pdf");
  });

  test("a filter ticked before the catalog is interactive filters the catalog (a checkbox)", async ({ page }) => {
    const catalog = new VideoModelsPage(page);
    const release = await openWithCodeHeld(page, "/video-models");
    const res1080 = catalog.facet("Resolution", /^1080p\b/);
    await res1080.box.check();
    await release();

    await expect(page).toHaveURL(/[?&]res=1080p(&|$)/, HYDRATED);
    const matching = await res1080.count();
    await expect(catalog.resultCount).toHaveText(new RegExp(`^${matching} of \\d+ models$`));
    await expect(catalog.cards).toHaveCount(matching);
    await expect(res1080.box).toBeChecked();
  });

  test("a button pressed before the catalog is interactive does what it says (its dialog and the URL)", async ({ page }) => {
    const catalog = new VideoModelsPage(page);
    const release = await openWithCodeHeld(page, "/video-models");
    const veo = catalog.card("google/veo-3.1");
    const name = (await veo.getByRole("heading").first().textContent()) ?? "";
    await veo.getByRole("button", { name: /Details and raw JSON/ }).click();
    await release();

    await expect(page.getByRole("dialog", { name })).toBeVisible(HYDRATED);
    await expect(page).toHaveURL(/[?&]model=google(%2F|\/)veo-3\.1/);
  });

  test("a button whose dialog is a lazily loaded part, pressed at once, opens its dialog", async ({ page }) => {
    const presets = new PresetsListPage(page);
    const release = await openWithCodeHeld(page, "/presets");
    await presets.newPresetButton.click();
    await release();

    await expect(presets.newPresetDialog).toBeVisible(HYDRATED);
    await expect(presets.newPresetDialog.getByLabel("Slug")).toBeVisible();
    // Behind the open dialog the button is hidden from the accessibility tree; it says the dialog is open.
    await expect(page.getByRole("button", { name: "New preset", includeHidden: true })).toHaveAttribute("aria-expanded", "true");
  });

  test("a model and a prompt typed before the playground is interactive are the setup the page keeps (text field, text area)", async ({ page }) => {
    const playground = new PlaygroundPage(page);
    const release = await openWithCodeHeld(page, "/playground");
    const model = playground.column().getByTestId("model-input");
    await model.fill("@preset/web-research");
    const prompt = playground.column().getByTestId("turn-0");
    await prompt.fill("Typed before the page was ready");
    await release();

    const setup = () => JSON.parse(new URL(page.url()).searchParams.get("setup") ?? "{}") as { columns?: { request: { model?: string; input?: unknown } }[] };
    await expect.poll(() => setup().columns?.[0]?.request.model, HYDRATED).toBe("@preset/web-research");
    await expect.poll(() => JSON.stringify(setup().columns?.[0]?.request.input ?? "")).toContain("Typed before the page was ready");
    await playground.expectHydrated();
    await expect(model).toHaveValue("@preset/web-research");
    await expect(prompt).toHaveValue("Typed before the page was ready");
  });

  test("the preset studio's tabs are not offered before they can act, then a press shows its tab", async ({ page }) => {
    const editor = new PresetEditorPage(page);
    const release = await openWithCodeHeld(page, "/presets/web-research");
    // The server sends the studio's skeleton (aria-busy), no tab a press could be lost on.
    await expect(page.locator("[aria-busy=true]").first()).toBeAttached();
    await expect(page.getByRole("tab")).toHaveCount(0);
    await release();
    await editor.tab("History").click(HYDRATED);

    await expect(page).toHaveURL(/[?&]tab=history(&|$)/);
    await expect(editor.versionTable).toBeVisible();
    await expect(editor.tab("History")).toHaveAttribute("aria-selected", "true");
  });
});
