import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { FilesPage } from "./pages/files";
import { gatewayFiles, researchWorkspaceId } from "./support/gateway-files";

/**
 * Early input counts (convention 26): each test acts on a server-rendered control the moment it appears, on a
 * page opened with `waitUntil: "commit"` in a CPU slowed down four times, so the action lands before the page's
 * code (or the control's lazily loaded part) is running. Then what the control shows and what the page does must
 * agree. One test per kind of control.
 */

test.use({ role: "editor" });

/** Chromium at a quarter of its speed, as a slow phone would run the page: hydration takes long enough to act before it. */
async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

test.describe("early input", () => {
  test("a workspace picked before the picker's code arrives is the workspace listed", async ({ page }) => {
    const researchId = await researchWorkspaceId();
    const [firstResearchFile] = await gatewayFiles(researchId);
    const files = new FilesPage(page);
    await slowCpu(page);
    await page.goto("/files", { waitUntil: "commit" });
    const picker = page.getByLabel("Workspace", { exact: true });
    await picker.selectOption({ label: "Research" });

    await expect(page).toHaveURL(new RegExp(`workspace_id=${researchId}`));
    await expect(files.rows.first()).toHaveAttribute("data-file-id", firstResearchFile.id);
    await expect(page.getByRole("listbox", { name: "Files in the selected workspace" })).toBeVisible();
    await expect(picker).toHaveValue(researchId);
  });
});
