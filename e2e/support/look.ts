import { test, type Locator, type Page } from "@playwright/test";

/**
 * A picture of what a test reached, for a person to look at (layout at 360 px, a dialog, a run's page), in the
 * test's output folder. Taken only with E2E_SCREENSHOTS=1: the assertions are the test, and on the 2-core CI
 * machine a full-page capture costs the browser a layout and an encode of the whole page (about 20 of them in
 * a run). A failing test keeps its own screenshot and trace either way (playwright.config.ts).
 */
export async function lookAt(target: Page | Locator, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  const path = test.info().outputPath(`${name}.png`);
  if ("goto" in target) await target.screenshot({ path, fullPage: true });
  else await target.screenshot({ path });
}
