import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, GATEWAY, gatewayHeaders, test } from "./fixtures";
import { gatewayFiles, gatewayJson, researchWorkspaceId, type WireFile } from "./support/gateway-files";

/**
 * The file browser against the embedded gateway (a few thousand files in the default workspace). Counts are
 * compared with what the gateway itself lists, walked directly with the API key.
 */

async function injectFaults(rule: { path: string; method?: string; count: number; status?: number; retry_after_seconds?: number; latency_ms?: number }) {
  await gatewayJson("/__faults", { method: "POST", body: JSON.stringify(rule) }, "management");
}

async function clearFaults() {
  const response = await fetch(`${GATEWAY.baseUrl}/__faults`, { method: "DELETE", headers: gatewayHeaders("management") });
  expect(response.ok).toBeTruthy();
}

const fmt = (n: number) => new Intl.NumberFormat("en").format(n);

/**
 * The rows the list showed against the gateway's own listing, walked before and after the scroll. Other specs
 * may upload to the same workspace meanwhile (the suite runs two workers); when nothing changed the rows must be
 * exactly the gateway's list, else exactly every file present throughout plus only files that existed at some
 * point, in the gateway's order.
 */
function expectSameFiles(seen: string[], before: WireFile[], after: WireFile[]) {
  expect(new Set(seen).size, "every row shows a distinct file").toBe(seen.length);
  const beforeIds = before.map((f) => f.id);
  const afterIds = after.map((f) => f.id);
  if (JSON.stringify(beforeIds) === JSON.stringify(afterIds)) {
    expect(seen.length, "as many rows as the gateway has files").toBe(beforeIds.length);
    expect(seen).toEqual(beforeIds);
    return;
  }
  const inAfter = new Set(afterIds);
  const known = new Set([...beforeIds, ...afterIds]);
  const stable = beforeIds.filter((id) => inAfter.has(id));
  const seenSet = new Set(seen);
  expect(stable.filter((id) => !seenSet.has(id)), "files present throughout that the list skipped").toEqual([]);
  expect(seen.filter((id) => !known.has(id)), "rows the gateway never listed").toEqual([]);
  const stableSet = new Set(stable);
  expect(seen.filter((id) => stableSet.has(id)), "the gateway's order").toEqual(stable);
}

test.describe("file browser", () => {
  test.use({ role: "editor" });

  test("scrolls to the end of a few thousand files: every file exactly once, in order, few rows in the DOM", async ({ filesPage }) => {
    // Thirty-odd pages scrolled one screen at a time: on a loaded machine this takes minutes, not seconds.
    test.setTimeout(240_000);
    const before = await gatewayFiles();
    expect(before.length).toBeGreaterThan(1000);
    await filesPage.goto();
    const { ids, conflicts, maxRendered } = await filesPage.scan();
    const after = await gatewayFiles();
    expect(conflicts).toEqual([]);
    expectSameFiles(ids, before, after);
    await expect(filesPage.end).toHaveText(`All ${fmt(ids.length)} files loaded`);
    await expect(filesPage.status).toHaveText(`${fmt(ids.length)} files`);
    expect(maxRendered).toBeLessThanOrEqual(100);
  });

  test("switches workspaces through the URL and restores scroll position and loaded pages on back", async ({ page, filesPage }) => {
    const researchId = await researchWorkspaceId();
    const research = await gatewayFiles(researchId);
    await filesPage.goto();
    const scroller = filesPage.scroller;
    await scroller.evaluate((el) => (el.scrollTop = 18_000));
    await expect(filesPage.status).toHaveText(/files loaded/);
    await filesPage.waitUntilSettled();
    const before = await page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('[data-testid="file-scroller"]')!;
      const top = el.getBoundingClientRect().top;
      const row = [...el.querySelectorAll<HTMLElement>('[data-testid="file-row"]')].find((r) => r.getBoundingClientRect().top >= top);
      return { scrollTop: el.scrollTop, firstVisible: row?.dataset.fileId };
    });
    const loaded = await filesPage.status.textContent();

    await page.getByLabel("Workspace", { exact: true }).selectOption({ label: "Research" });
    await expect(page).toHaveURL(new RegExp(`workspace_id=${researchId}`));
    await expect(filesPage.rows.first()).toHaveAttribute("data-file-id", research[0].id);

    const firstPageRequests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/files" && !url.searchParams.has("cursor")) firstPageRequests.push(url.search);
    });
    await page.goBack();
    await expect(page).not.toHaveURL(/workspace_id=/);
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(before.scrollTop - 5);
    expect(await scroller.evaluate((el) => el.scrollTop)).toBeLessThan(before.scrollTop + 5);
    await expect(filesPage.file(before.firstVisible!)).toBeInViewport();
    await expect(filesPage.status).toHaveText(loaded!);

    // Away to another section and back: the same again.
    await filesPage.navLink("Presets", { exact: true }).click();
    await expect(page).toHaveURL(/\/presets/);
    await page.goBack();
    await expect(filesPage.file(before.firstVisible!)).toBeInViewport();
    await expect(filesPage.status).toHaveText(loaded!);
    expect(firstPageRequests, "the loaded pages came from the cache, not the gateway").toEqual([]);
  });

  test("filters loaded rows by name and type at once, and loads everything to search all", async ({ page, filesPage }) => {
    test.setTimeout(90_000);
    const all = await gatewayFiles();
    const expected = all.filter((f) => f.filename.toLowerCase().includes("pdf") || f.mime_type.toLowerCase().includes("pdf")).length;
    await filesPage.goto();
    await filesPage.filter.fill("pdf");
    await expect(page).toHaveURL(/q=pdf/);
    await expect(filesPage.status).toHaveText(/^[\d,]+ of [\d,]+ loaded match(es)?; more are still to load$/);
    for (const label of await filesPage.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute("aria-label") ?? ""))) {
      expect(label.toLowerCase()).toContain("pdf");
    }
    await filesPage.loadAll.click();
    // The total may move if another spec uploads meanwhile; the PDFs may not.
    await expect(filesPage.status).toHaveText(new RegExp(`^${fmt(expected)} of [\\d,]+ files match$`), { timeout: 60_000 });

    // Name and type words combine: "quarterly pdf" only finds PDFs named quarterly-something.
    await filesPage.filter.fill("quarterly pdf");
    const both = all.filter((f) => f.filename.toLowerCase().includes("quarterly") && f.mime_type === "application/pdf").length;
    await expect(filesPage.status).toHaveText(new RegExp(`^${fmt(both)} of [\\d,]+ files ${both === 1 ? "matches" : "match"}$`));
  });

  test("keyboard: arrows, shift ranges, Home/End, Enter opens details; selection survives more pages", async ({ page, filesPage }) => {
    await filesPage.goto();
    const listbox = filesPage.listbox;
    await listbox.focus();
    const row = (index: number) => filesPage.row(index);

    // Focus lands on the first row without selecting it; the first arrow press moves on and selects.
    await expect(listbox).toHaveAttribute("aria-activedescendant", (await row(0).getAttribute("id"))!);
    await page.keyboard.press("ArrowDown");
    await expect(row(1)).toHaveAttribute("aria-selected", "true");
    await expect(row(0)).toHaveAttribute("aria-selected", "false");
    await page.keyboard.press("Shift+ArrowDown");
    await page.keyboard.press("Shift+ArrowDown");
    await expect(filesPage.selectedCount).toHaveText("3 selected");
    const selectedIds = await page.locator('[data-testid="file-row"][aria-selected="true"]').evaluateAll((rows) => rows.map((r) => r.getAttribute("data-file-id")));
    expect(selectedIds).toHaveLength(3);
    await expect(listbox).toHaveAttribute("aria-activedescendant", (await row(3).getAttribute("id"))!);

    // Ctrl+End moves to the last loaded row without touching the selection; that pulls in more pages.
    const loadedBefore = Number(((await filesPage.status.textContent()) ?? "").replace(/[^\d].*$/, "").replace(/,/g, "") || "0");
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Control+End");
    await expect
      .poll(async () => Number(((await filesPage.status.textContent()) ?? "").split(" ")[0].replace(/,/g, "")))
      .toBeGreaterThan(loadedBefore);
    await expect(filesPage.selectedCount).toHaveText("3 selected");
    await page.keyboard.press("Control+Home");
    for (const id of selectedIds) await expect(filesPage.file(id!)).toHaveAttribute("aria-selected", "true");

    // Shift+click extends from the anchor too.
    await row(6).click({ modifiers: ["Shift"] });
    await expect(filesPage.selectedCount).toHaveText("6 selected");

    await page.keyboard.press("End");
    await expect(filesPage.selectedCount).toHaveText("1 selected");
    await page.keyboard.press("Home");
    await expect(row(0)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("End");
    const last = await listbox.getAttribute("aria-activedescendant");
    const lastName = await page.locator(`[id="${last}"] span.truncate`).first().textContent();
    await page.keyboard.press("Enter");
    const drawer = filesPage.drawer;
    await expect(drawer.getByRole("heading", { name: lastName!.trim() })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(listbox).toBeFocused();
  });

  test("uploads several files with progress, refuses empty and over-size ones, downloads and deletes", async ({ page, filesPage }) => {
    const researchId = await researchWorkspaceId();
    const tag = `e2e-${Date.now().toString(36)}`;
    const dir = mkdtempSync(path.join(tmpdir(), "gatehouse-files-"));
    try {
      const notes = path.join(dir, `${tag}-notes.txt`);
      const data = path.join(dir, `${tag}-data.json`);
      const empty = path.join(dir, `${tag}-empty.txt`);
      const huge = path.join(dir, `${tag}-huge.pdf`);
      const notesBody = `Hello from ${tag}\n`.repeat(2000);
      writeFileSync(notes, notesBody);
      writeFileSync(data, JSON.stringify({ tag, items: [1, 2, 3] }));
      writeFileSync(empty, "");
      writeFileSync(huge, "");
      truncateSync(huge, 101 * 1024 * 1024); // sparse: refused before a byte is sent

      await filesPage.goto(`?workspace_id=${researchId}`);
      await filesPage.uploadInput.setInputFiles([notes, data, empty, huge]);
      const items = filesPage.uploadItems;
      await expect(items).toHaveCount(4);
      await expect(items.filter({ hasText: `${tag}-empty.txt` })).toContainText("is empty; the gateway refuses empty files.");
      await expect(items.filter({ hasText: `${tag}-huge.pdf` })).toContainText("the largest file the gateway accepts is 100 MB (104,857,600 bytes)");
      for (const name of [`${tag}-notes.txt`, `${tag}-data.json`]) {
        const item = items.filter({ hasText: name });
        await expect(item).toHaveAttribute("data-status", "done");
        await expect(item.getByRole("progressbar")).toHaveAttribute("value", "100");
      }

      // New files show at the top of the list without a reload, each once.
      const names = await filesPage.rows.evaluateAll((rows) => rows.slice(0, 2).map((r) => r.querySelector("span.truncate")?.textContent));
      expect(names.sort()).toEqual([`${tag}-data.json`, `${tag}-notes.txt`]);
      const onGateway = (await gatewayFiles(researchId)).filter((f) => f.filename.startsWith(tag));
      expect(onGateway).toHaveLength(2);

      // Download streams through the BFF.
      await filesPage.filter.fill(`${tag}-notes`);
      await expect(filesPage.rows).toHaveCount(1);
      await filesPage.rows.dblclick();
      const drawer = filesPage.drawer;
      await expect(drawer.getByRole("heading", { name: `${tag}-notes.txt` })).toBeVisible();
      await expect(drawer).toContainText(`${fmt(Buffer.byteLength(notesBody))} bytes`);
      const [download] = await Promise.all([page.waitForEvent("download"), drawer.getByRole("link", { name: "Download" }).click()]);
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString("utf8")).toBe(notesBody);

      // Delete asks first, naming the file, then the row goes away without a reload.
      await drawer.getByRole("button", { name: "Delete…" }).click();
      const confirm = page.getByRole("dialog", { name: `Delete “${tag}-notes.txt”?` });
      await expect(confirm).toBeVisible();
      await confirm.getByRole("button", { name: "Delete file" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(filesPage.status).toContainText(`Deleted ${tag}-notes.txt`);
      await expect(filesPage.rows).toHaveCount(0);
      const remaining = (await gatewayFiles(researchId)).filter((f) => f.filename.startsWith(tag)).map((f) => f.filename);
      expect(remaining).toEqual([`${tag}-data.json`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("uploads files dropped on the page", async ({ page, filesPage }) => {
    const researchId = await researchWorkspaceId();
    const name = `e2e-${Date.now().toString(36)}-dropped.md`;
    await filesPage.goto(`?workspace_id=${researchId}`);
    const dataTransfer = await page.evaluateHandle((fileName) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["# Dropped\n\nHello.\n"], fileName, { type: "text/markdown" }));
      return transfer;
    }, name);
    const target = filesPage.listbox;
    await target.dispatchEvent("dragenter", { dataTransfer });
    await expect(page.getByText("Drop files to upload them to this workspace")).toBeVisible();
    await target.dispatchEvent("dragover", { dataTransfer });
    await target.dispatchEvent("drop", { dataTransfer });
    await expect(filesPage.uploadItems.filter({ hasText: name })).toHaveAttribute("data-status", "done");
    await expect(filesPage.rows.first()).toContainText(name);
    expect((await gatewayFiles(researchId)).filter((f) => f.filename === name)).toHaveLength(1);
  });

  test("viewers browse and open details but cannot upload or delete; download only where the gateway allows", async ({ page, loginAs, filesPage }) => {
    await loginAs("viewer");
    await filesPage.goto();
    await expect(page.getByRole("button", { name: /^Upload/ })).toHaveCount(0);
    const drawer = filesPage.drawer;

    const locked = page.locator('[data-testid="file-row"]:not([aria-label$="downloadable"])').first();
    const lockedName = (await locked.locator("span.truncate").first().textContent())!;
    await locked.dblclick();
    await expect(drawer.getByRole("heading", { name: lockedName })).toBeVisible();
    await expect(drawer).toContainText("Not downloadable");
    await expect(drawer.getByRole("link", { name: "Download" })).toHaveCount(0);
    await expect(drawer.getByRole("button", { name: "Delete…" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    const open = page.locator('[data-testid="file-row"][aria-label$="downloadable"]').first();
    await open.dblclick();
    await expect(drawer.getByRole("link", { name: "Download" })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), drawer.getByRole("link", { name: "Download" }).click()]);
    expect(await download.failure()).toBeNull();
  });

  test("hovering shows exact bytes and the exact creation time", async ({ filesPage }) => {
    await filesPage.goto();
    const first = filesPage.rows.first();
    await expect(first.getByTestId("file-size")).toHaveAttribute("title", /^[\d,]+ bytes?$/);
    await expect(first.locator("time")).toHaveAttribute("title", /\d{4}, \d{1,2}:\d{2}:\d{2} [AP]M UTC$/);
  });

  test("fits a 360 px wide screen", async ({ page, filesPage }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await filesPage.goto();
    expect(await filesPage.horizontalOverflow()).toBeLessThanOrEqual(0);
    await expect(filesPage.rows.first().getByTestId("file-size")).toBeVisible();
  });

  test("has no serious or critical accessibility violations, list and drawer, light and dark", async ({ page, filesPage, axe }) => {
    // Four axe scans of a long list: more than the default minute on a loaded 2-core machine.
    test.slow();
    await filesPage.goto();
    await axe.expectNoSeriousViolations(page, "list");
    await filesPage.listbox.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(filesPage.drawer).toBeVisible();
    await axe.expectNoSeriousViolations(page, "drawer");
    // Colour contrast again with the dark palette, loaded dark (switching live catches buttons mid colour transition).
    await page.emulateMedia({ colorScheme: "dark" });
    await filesPage.goto();
    await axe.expectNoSeriousViolations(page, "list, dark");
  });
});

// Injected faults hit every request to the gateway, so these run in the "faults" project: last, one at a time.
test.describe("file browser under gateway faults", () => {
  test.use({ role: "editor" });
  test.afterEach(async () => clearFaults());

  test("recovers from rate limits mid-scroll by itself, with no duplicated or lost file @faults", async ({ filesPage }) => {
    test.setTimeout(120_000);
    const before = await gatewayFiles();
    await filesPage.goto();
    await filesPage.scan(700);
    // Enough 429s that some outlast the BFF's own retries and reach the browser, with a wait long enough to see.
    await injectFaults({ path: "/files", method: "GET", count: 6, status: 429, retry_after_seconds: 2 });
    const finished = filesPage.scan();
    await expect(filesPage.status).toHaveText(/Rate limited; retrying in \d+ s/, { timeout: 20_000 });
    const { ids, conflicts } = await finished;
    expect(conflicts).toEqual([]);
    expectSameFiles(ids, before, await gatewayFiles());
    await expect(filesPage.end).toHaveText(`All ${fmt(ids.length)} files loaded`);
  });

  test("shows an inline error with Retry when loading more fails, keeping the rows already loaded @faults", async ({ filesPage }) => {
    await filesPage.goto();
    const firstRow = await filesPage.rows.first().getAttribute("data-file-id");
    await injectFaults({ path: "/files", method: "GET", count: 20, status: 500 });
    await filesPage.scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
    const error = filesPage.loadError;
    await expect(error).toContainText("Could not load more files", { timeout: 20_000 });
    // A failure on the server's side names the request's id for the user to quote (its log lines carry it).
    await expect(error).toContainText(/error id [0-9a-f-]{36}: quote it to your administrator/);
    await clearFaults();
    await filesPage.scroller.evaluate((el) => (el.scrollTop = 0));
    await expect(filesPage.rows.first()).toHaveAttribute("data-file-id", firstRow!);
    await filesPage.scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await error.getByRole("button", { name: "Retry" }).click();
    await expect(error).toBeHidden();
    await expect(filesPage.status).toHaveText(/^1,000 files loaded|^[\d,]+ files loaded/);
  });
});
