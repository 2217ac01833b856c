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
 * Debian's headless shell (package chromium-headless-shell): the same Blink, V8 and axe results without the
 * full browser around it, which is what Playwright itself runs headless tests in. On the 2-core CI machine the
 * browser processes are the largest CPU cost of the end-to-end suite, and the shell spends less of it.
 */
export const SYSTEM_HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

export interface BrowserChoice {
  /** Drive the headless shell when it is installed (the end-to-end tests); benches keep the full browser, so their frame figures stay comparable. */
  headlessShell?: boolean;
}

/**
 * The browser to drive: CHROMIUM_PATH when set, else Playwright's own download when it is there, else the
 * system's headless shell (when asked for and installed), else the system's Chromium. Returns undefined to
 * mean "Playwright's own".
 */
export function chromiumExecutablePath(choice: BrowserChoice = {}): string | undefined {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) return explicit;
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // Playwright's registry knows no browser for this platform: fall through to the system's.
  }
  if (choice.headlessShell && existsSync(SYSTEM_HEADLESS_SHELL_PATH)) return SYSTEM_HEADLESS_SHELL_PATH;
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

export function chromiumLaunchOptions(choice: BrowserChoice = {}) {
  return { executablePath: chromiumExecutablePath(choice), args: CHROMIUM_ARGS };
}
