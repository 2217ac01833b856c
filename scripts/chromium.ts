import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/** Flags a headless Chromium needs on these machines: no sandbox as root, no GPU, no calls home. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const SYSTEM_CHROMIUM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/**
 * The browser to drive: CHROMIUM_PATH when set, else Playwright's own download when it is there, else the
 * system's Chromium. Returns undefined to mean "Playwright's own".
 */
export function chromiumExecutablePath(): string | undefined {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) return explicit;
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // Playwright's registry knows no browser for this platform: fall through to the system's.
  }
  return SYSTEM_CHROMIUM_PATHS.find((candidate) => existsSync(candidate));
}

export function hasChromium(): boolean {
  const path = chromiumExecutablePath();
  if (path) return existsSync(path);
  try {
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}

export function chromiumLaunchOptions() {
  return { executablePath: chromiumExecutablePath(), args: CHROMIUM_ARGS };
}
