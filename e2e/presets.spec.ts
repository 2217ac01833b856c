import type { APIRequestContext } from "@playwright/test";
import { expect, GATEWAY, gatewayHeaders, test } from "./fixtures";
import { PresetEditorPage } from "./pages/presets";

/*
 * The preset studio against the embedded gateway through the BFF. Every test makes its own presets
 * (slug + run id), so reruns and parallel workers never share state.
 */

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
let counter = 0;
const uniqueSlug = (name: string) => `e2e-${name}-${RUN}-${(counter += 1)}`;

interface SavedPreset {
  data: { designated_version_id: string; designated_version: { id: string; version: number; config: Record<string, unknown>; system_prompt: string } };
}

/** Creates a preset (or a new version) through the BFF, as the studio itself would. */
async function savePresetViaApi(api: APIRequestContext, slug: string, request: Record<string, unknown>, baseVersionId?: string): Promise<SavedPreset> {
  const response = await api.post(`/api/presets/${slug}`, {
    data: request,
    headers: baseVersionId ? { "If-Match": baseVersionId } : { "If-None-Match": "*" },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SavedPreset;
}

async function versionOf(api: APIRequestContext, slug: string, version: number) {
  const response = await api.get(`/api/presets/${slug}/versions/${version}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { config: Record<string, unknown>; system_prompt: string } }).data;
}

test.describe("preset studio", () => {
  test.use({ role: "editor" });

  test("creates a preset from the New preset dialog, refusing a taken slug first", async ({ page, apiAs, presetsList, presetEditor }) => {
    const api = await apiAs("editor");
    const taken = uniqueSlug("taken");
    await savePresetViaApi(api, taken, { model: "gatehouse/echo", messages: [{ role: "system", content: "x" }] });
    const slug = uniqueSlug("create");

    await presetsList.goto();
    await presetsList.newPresetButton.first().click();
    const dialog = presetsList.newPresetDialog;
    const slugInput = dialog.getByLabel("Slug");

    await slugInput.fill("has space");
    await slugInput.blur();
    await expect(dialog.getByText(/The slug must use only letters, digits/)).toBeVisible();

    await slugInput.fill(taken);
    await expect(dialog.getByText(`A preset named "${taken}" already exists`)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Open the editor" })).toBeDisabled();

    await slugInput.fill(slug);
    await expect(dialog.getByText("Available.")).toBeVisible();
    await dialog.getByLabel("Starting model").fill("gatehouse/echo");
    await dialog.getByRole("button", { name: "Open the editor" }).click();

    await expect(page).toHaveURL(new RegExp(`/presets/${slug}\\?`));
    await expect(page.getByText("not created yet")).toBeVisible();
    await expect(presetEditor.control("Model")).toHaveValue("gatehouse/echo");
    await presetEditor.control("System prompt").fill("You answer in one sentence.");
    await presetEditor.control("Temperature").fill("0.4");

    await page.getByRole("button", { name: "Create preset…" }).click();
    const review = page.getByRole("dialog", { name: "Create this preset?" });
    await expect(review.getByTestId("field-diff").locator("tbody tr")).toHaveCount(3);
    await review.getByRole("button", { name: "Create preset" }).click();
    await expect(page.getByText("Saved as version 1.")).toBeVisible();
    await expect(page.getByText("designated v1")).toBeVisible();

    const stored = await versionOf(api, slug, 1);
    expect(stored.config).toEqual({ model: "gatehouse/echo", temperature: 0.4 });
    expect(stored.system_prompt).toBe("You answer in one sentence.");

    await presetsList.goto();
    await presetsList.search.fill(slug);
    const row = presetsList.row(slug);
    await expect(row).toContainText("v1");
    await expect(row).toContainText("Demo Editor");
  });

  test("shows each broken constraint inline and refuses to save", async ({ page, apiAs, presetEditor }) => {
    const slug = uniqueSlug("invalid");
    // Saved with the most metadata pairs a preset may have: one more, typed in the form, breaks the limit (typing
    // all seventeen proves nothing more and costs dozens of fills).
    const metadata = Object.fromEntries(Array.from({ length: 16 }, (_, index) => [`key${index}`, "v"]));
    await savePresetViaApi(await apiAs("editor"), slug, { model: "gatehouse/echo", metadata, messages: [{ role: "system", content: "Hi" }] });
    await presetEditor.open(slug);

    const temperature = presetEditor.control("Temperature");
    await temperature.fill("3");
    await temperature.blur();
    await expect(presetEditor.formError("temperature must be at most 2")).toBeVisible();
    await expect(temperature).toHaveAttribute("aria-invalid", "true");

    const stop = presetEditor.control("Stop sequences");
    for (const sequence of ["END", "STOP", "###", "\\n\\n", "FIN"]) {
      await stop.fill(sequence);
      await stop.press("Enter");
    }
    await expect(presetEditor.formError("stop must have at most 4 items")).toBeVisible();

    await expect(presetEditor.metadataKey(16)).toHaveValue("key15");
    await presetEditor.addMetadataPair.click();
    await presetEditor.metadataKey(17).fill("key16");
    await presetEditor.metadataValue(17).fill("v");
    await expect(presetEditor.formError("17 of at most 16 pairs")).toBeVisible();
    await expect(presetEditor.formError("metadata must have at most 16 pairs")).toBeVisible();

    await page.getByRole("button", { name: "Add function tool" }).click();
    const name = presetEditor.control("Name");
    await name.fill("get weather!");
    await name.blur();
    await expect(presetEditor.formError("tools[0].function.name must use only letters, digits, underscores and dashes")).toBeVisible();

    // The JSON view names the same problems at their paths.
    await expect(presetEditor.jsonIssues).toContainText("temperature must be at most 2");

    await presetEditor.saveButton.click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(presetEditor.status).toContainText("4 problems");
    await expect(page.getByRole("alert").filter({ hasText: "Fix these 4 problems before saving" })).toBeVisible();

    await temperature.fill("1");
    await expect(presetEditor.formError("temperature must be at most 2")).toHaveCount(0);
  });

  test("saves a second version, diffs 1..2 field by field, and restores version 1 as version 3", async ({ page, apiAs, presetEditor }) => {
    const api = await apiAs("editor");
    const slug = uniqueSlug("history");
    const v1 = {
      model: "gatehouse/echo",
      temperature: 0.2,
      provider: { order: ["alpha", "beta"] },
      plugins: [{ id: "web", max_results: 5 }],
      messages: [{ role: "system", content: "Be brief." }],
    };
    await savePresetViaApi(api, slug, v1);
    await presetEditor.open(slug);

    await presetEditor.control("Temperature").fill("0.7");
    await page.getByRole("button", { name: "Move provider beta earlier" }).click();
    await presetEditor.control("Max results").fill("10");
    await expect(presetEditor.status).toContainText("Unsaved changes");

    await presetEditor.saveButton.click();
    const review = presetEditor.reviewDialog;
    await expect(review).toContainText("3 fields changed (2 changed, 1 reordered) against version 1");
    await review.getByRole("button", { name: "Save new version" }).click();
    await expect(page.getByText("Saved as version 2.")).toBeVisible();

    await presetEditor.tab("History").click();
    await expect(presetEditor.version(2)).toContainText("designated");
    await expect(presetEditor.version(2)).toContainText("Demo Editor");
    // Any version opens read-only.
    await page.getByRole("button", { name: "View version 1" }).click();
    const drawer = page.getByRole("dialog", { name: "Version 1" });
    await expect(drawer).toContainText("Be brief.");
    await expect(drawer.getByRole("textbox", { name: "Config of version 1" })).toContainText('"temperature": 0.2');
    await expect(drawer.getByRole("textbox", { name: "Config of version 1" })).toHaveAttribute("aria-readonly", "true");
    await drawer.getByRole("button", { name: "Close" }).click();

    await page.getByRole("button", { name: "Compare v1 with v2" }).click();

    await expect(page).toHaveURL(/compare=1\.\.2/);
    await expect(page.getByTestId("diff-summary")).toHaveText("3 fields changed (2 changed, 1 reordered)");
    const rows = presetEditor.fieldDiff.locator("tbody tr");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toHaveAttribute("data-path", "temperature");
    await expect(rows.nth(0)).toContainText("0.2");
    await expect(rows.nth(0)).toContainText("0.7");
    await expect(presetEditor.fieldDiff.locator("tr[data-path='provider.order']")).toHaveAttribute("data-kind", "reordered");
    await expect(presetEditor.fieldDiff.locator("tr[data-path='plugins[web].max_results']")).toContainText("10");

    await page.getByRole("button", { name: "Unified" }).click();
    await expect(page.getByTestId("json-diff-unified")).toContainText('"temperature": 0.7');

    // The link reopens the same comparison.
    await page.reload();
    await expect(page.getByTestId("diff-summary")).toHaveText("3 fields changed (2 changed, 1 reordered)");

    await page.getByRole("button", { name: "Restore version 1" }).click();
    await page.getByRole("dialog", { name: "Restore version 1?" }).getByRole("button", { name: "Restore as a new version" }).click();
    await expect(page.getByText("Version 1 restored as version 3.")).toBeVisible();
    await expect(presetEditor.version(3)).toContainText("designated");

    const restored = await versionOf(api, slug, 3);
    const original = await versionOf(api, slug, 1);
    expect(restored.config).toEqual(original.config);
    expect(restored.system_prompt).toBe(original.system_prompt);

    // The editor, which had no unsaved changes, follows the restored version.
    await presetEditor.tab("Edit").click();
    await expect(presetEditor.control("Temperature")).toHaveValue("0.2");
  });

  test("a concurrent save opens the conflict dialog and loses neither edit", async ({ browser, page, apiAs, sessionStates, presetEditor }) => {
    // Several page loads, sessions and axe scans: more than the default minute on a loaded 2-core machine.
    test.slow();
    const slug = uniqueSlug("conflict");
    await savePresetViaApi(await apiAs("editor"), slug, { model: "gatehouse/echo", temperature: 0.2, messages: [{ role: "system", content: "Base prompt." }] });

    const otherContext = await browser.newContext({ storageState: await sessionStates("admin") });
    const otherEditor = new PresetEditorPage(await otherContext.newPage());
    try {
      await presetEditor.open(slug);
      await otherEditor.open(slug);

      // They change the prompt and save first.
      await otherEditor.control("System prompt").fill("Their prompt.");
      await otherEditor.saveThroughReview(2);

      // I change the temperature, still based on version 1.
      await presetEditor.control("Temperature").fill("0.9");
      await presetEditor.saveNewVersion();

      const conflict = page.getByTestId("conflict-dialog");
      await expect(conflict).toBeVisible();
      await expect(conflict).toContainText("Version 2 was saved by Demo Admin");
      await expect(conflict.locator("tr[data-path='system_prompt']")).toContainText("Their prompt.");
      await expect(conflict.locator("tr[data-path='temperature']")).toContainText("0.9");

      await conflict.getByRole("button", { name: "Re-apply mine on top of theirs" }).click();
      await expect(page.getByText("Your changes are re-applied on top of version 2.")).toBeVisible();
      await expect(presetEditor.control("System prompt")).toHaveValue("Their prompt.");
      await expect(presetEditor.control("Temperature")).toHaveValue("0.9");
      await presetEditor.saveThroughReview(3);

      const v3 = await versionOf(await apiAs("editor"), slug, 3);
      expect(v3.system_prompt).toBe("Their prompt.");
      expect(v3.config.temperature).toBe(0.9);
    } finally {
      await otherContext.close();
    }
  });

  test("keeps a draft through a reload until it is discarded, and asks before leaving", async ({ page, apiAs, presetEditor }) => {
    const slug = uniqueSlug("draft");
    await savePresetViaApi(await apiAs("editor"), slug, { model: "gatehouse/echo", messages: [{ role: "system", content: "Saved prompt." }] });
    await presetEditor.open(slug);

    await presetEditor.control("System prompt").fill("Unsaved idea.");
    await expect(presetEditor.status).toContainText("Draft kept in this browser");

    // An in-app link asks first; dismissing keeps the page.
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toContain("unsaved changes");
      void dialog.dismiss();
    });
    await presetEditor.navLink("Files").click();
    await expect(page).toHaveURL(new RegExp(`/presets/${slug}`));

    // A reload asks too (beforeunload); accepting it, the draft is restored.
    page.once("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await expect(presetEditor.control("System prompt")).toHaveValue("Unsaved idea.");
    await expect(page.getByText("Restored your unsaved draft")).toBeVisible();

    await page.getByRole("button", { name: "Discard draft" }).first().click();
    await expect(presetEditor.control("System prompt")).toHaveValue("Saved prompt.");
    await page.reload();
    await expect(presetEditor.control("System prompt")).toHaveValue("Saved prompt.");
    await expect(presetEditor.status).toContainText("no changes");
  });

  test("syncs the JSON view and the form both ways, pointing at schema errors", async ({ page, apiAs, presetEditor }) => {
    const slug = uniqueSlug("json");
    await savePresetViaApi(await apiAs("editor"), slug, { model: "gatehouse/echo", messages: [{ role: "system", content: "x" }] });
    await presetEditor.open(slug);

    await presetEditor.control("Top p").fill("0.5");
    const json = page.getByTestId("request-json");
    await expect(json).toContainText('"top_p": 0.5');

    const content = json.locator(".cm-content");
    await content.click();
    await page.keyboard.press("Control+a");
    await page.keyboard.insertText(JSON.stringify({ model: "gatehouse/echo", top_p: 1.5, seed: 7, messages: [{ role: "system", content: "x" }] }, null, 2));
    await expect(presetEditor.control("Seed")).toHaveValue("7");
    await expect(presetEditor.jsonIssues).toContainText("top_p must be at most 1");
    await expect(json.locator(".cm-lintRange-error").first()).toBeVisible();
    await expect(presetEditor.formError("top_p must be at most 1")).toBeVisible();

    await page.getByRole("button", { name: "What the gateway will store" }).click();
    await expect(page.getByTestId("stored-preview")).toContainText('"seed": 7');
    await expect(page.getByTestId("ignored-fields")).toContainText("messages");
  });

  test("copy as code uses the preset by name with placeholders, never a key", async ({ page, apiAs, presetEditor }) => {
    const slug = uniqueSlug("code");
    await savePresetViaApi(await apiAs("editor"), slug, { model: "gatehouse/echo", messages: [{ role: "system", content: "x" }] });
    await presetEditor.open(slug);
    await page.getByRole("button", { name: "Copy as code" }).click();
    const snippet = page.getByTestId("code-snippet");
    await expect(snippet).toContainText(`"model": "@preset/${slug}"`);
    await expect(snippet).toContainText("Bearer $GATEWAY_API_KEY");
    await page.getByRole("tab", { name: "TypeScript" }).click();
    await expect(snippet).toContainText("process.env.GATEWAY_API_KEY");
    await expect(snippet).not.toContainText("e2e-api-key");
    await expect(snippet).not.toContainText("e2e-management-key");
  });

  // One page a test: an axe scan of the editor is slow on a loaded machine, and two in one test would share its time.
  test("the presets list has no serious or critical accessibility violations", async ({ page, apiAs, axe, presetsList }) => {
    await savePresetViaApi(await apiAs("editor"), uniqueSlug("axe-list"), { model: "gatehouse/echo", messages: [{ role: "system", content: "x" }] });
    await presetsList.goto();
    await expect(presetsList.table).toBeVisible();
    await axe.expectNoSeriousViolations(page);
  });

  test("the editor and its history have no serious or critical accessibility violations", async ({ page, apiAs, axe, presetEditor }) => {
    // Several page loads, sessions and axe scans: more than the default minute on a loaded 2-core machine.
    test.slow();
    const slug = uniqueSlug("axe");
    await savePresetViaApi(await apiAs("editor"), slug, {
      model: "gatehouse/echo",
      temperature: 0.3,
      stop: ["END"],
      plugins: [{ id: "web", max_results: 3 }],
      tools: [{ type: "function", function: { name: "lookup", parameters: { type: "object" } } }],
      messages: [{ role: "system", content: "x" }],
    });
    await presetEditor.open(slug);
    await axe.expectNoSeriousViolations(page);
    await presetEditor.tab("History").click();
    await expect(presetEditor.versionTable).toBeVisible();
    await axe.expectNoSeriousViolations(page);
  });
});

test.describe("preset studio for viewers", () => {
  test.use({ role: "viewer" });

  test("a viewer sees everything read-only and cannot save", async ({ page, apiAs, presetsList, presetEditor }) => {
    const slug = uniqueSlug("viewer");
    await savePresetViaApi(await apiAs("editor"), slug, { model: "gatehouse/echo", temperature: 0.5, messages: [{ role: "system", content: "x" }] });

    await presetsList.goto();
    await expect(presetsList.newPresetButton).toHaveCount(0);

    await presetEditor.goto(slug);
    await expect(presetEditor.status).toContainText("Read-only");
    await expect(presetEditor.control("Temperature")).toHaveValue("0.5");
    await expect(presetEditor.control("Temperature")).toBeDisabled();
    await expect(page.getByRole("button", { name: /^Save/ })).toHaveCount(0);
    await presetEditor.tab("History").click();
    await expect(presetEditor.versionTable).toBeVisible();
    await expect(page.getByRole("button", { name: /^Restore/ })).toHaveCount(0);

    // The server refuses too, whatever the page shows.
    const api = await apiAs("viewer");
    const response = await api.post(`/api/presets/${slug}`, { data: { model: "x", messages: [{ role: "system", content: "y" }] } });
    expect(response.status()).toBe(403);
  });
});

test.describe("presets list", () => {
  test.use({ role: "viewer" });

  const COUNT = 10_000;
  async function faults(init: { method: string; body?: unknown }) {
    const response = await fetch(`${GATEWAY.baseUrl}/__faults`, {
      method: init.method,
      headers: { ...gatewayHeaders("management"), "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    expect(response.ok).toBeTruthy();
    return (await response.json()) as { data: { path: string; remaining: number }[] };
  }

  // Counting at the gateway: a fault rule with no fault is only consumed by each request it matches.
  test("shows every row's version and last author, from one list call and one round of reads at the gateway @faults", async ({ page, apiAs, presetsList }) => {
    const editor = await apiAs("editor");
    const slug = uniqueSlug("listed");
    const v1 = await savePresetViaApi(editor, slug, { model: "gatehouse/echo", messages: [{ role: "system", content: "x" }] });
    await savePresetViaApi(editor, slug, { model: "gatehouse/echo", temperature: 0.3, messages: [{ role: "system", content: "x" }] }, v1.data.designated_version_id);

    await faults({ method: "DELETE" });
    await faults({ method: "POST", body: { path: "/presets", method: "GET", count: COUNT } });
    await faults({ method: "POST", body: { path: "/presets/*", method: "GET", count: COUNT } });
    const browserCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/presets")) browserCalls.push(request.url());
    });
    try {
      await presetsList.goto();
      // Just saved, so first in the gateway's order: version 2, by the demo editor.
      const row = presetsList.row(slug);
      await expect(row).toContainText("v2");
      await expect(row).toContainText(/Editor/i);
      const rows = await presetsList.table.locator("tr[data-slug]").count();
      await expect(presetsList.table.locator("tbody .animate-pulse")).toHaveCount(0);

      const rules = (await faults({ method: "GET" })).data;
      const used = (path: string) => COUNT - (rules.find((rule) => rule.path === path)?.remaining ?? COUNT);
      expect(used("/presets")).toBe(1);
      // At most one read per row, none for the rows saved through Gatehouse (this one included).
      expect(used("/presets/*")).toBeLessThan(rows);
      // The server rendered it: the browser asked for no row on its own.
      expect(browserCalls).toEqual([]);
    } finally {
      await faults({ method: "DELETE" });
    }
  });
});
