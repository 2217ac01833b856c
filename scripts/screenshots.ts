/**
 * Signs in and photographs every page at desktop and phone widths, light and dark, so a person can look at
 * what Gatehouse shows. `npx tsx scripts/screenshots.ts [baseUrl] [outDir]` with DEMO_PASSWORD (or
 * DATA_DIR/demo-password) for admin@demo.local; writes docs/screenshot.png when outDir is docs.
 */
import { readFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium";

const baseUrl = process.argv[2] ?? "http://localhost:3000";
const outDir = process.argv[3] ?? "test-results/screenshots";
const password =
  process.env.DEMO_PASSWORD ?? readFileSync(path.join(process.env.DATA_DIR ?? ".data", "demo-password"), "utf8").trim();
const pages = (process.env.PAGES ?? "/presets,/files,/video-models,/playground").split(",");

async function main() {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    for (const colorScheme of ["light", "dark"] as const) {
      for (const viewport of [
        { name: "desktop", width: 1366, height: 860 },
        { name: "phone", width: 360, height: 780 },
      ]) {
        const context = await browser.newContext({ baseURL: baseUrl, colorScheme, viewport });
        const page = await context.newPage();
        await page.goto("/sign-in");
        await page.getByLabel("Email").fill("admin@demo.local");
        await page.getByLabel("Password").fill(password);
        await page.getByRole("button", { name: /sign in/i }).click();
        await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
        for (const pathname of pages) {
          await page.goto(pathname);
          await page.waitForLoadState("networkidle");
          await page.waitForTimeout(800);
          const name = `${pathname.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}-${viewport.name}-${colorScheme}.png`;
          await page.screenshot({ path: path.join(outDir, name) });
          console.log(path.join(outDir, name));
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
