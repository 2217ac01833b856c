/**
 * Makes sure a Chromium exists for Playwright: Playwright's own when its download works, else Debian's package.
 * Runs before the end-to-end tests so a fresh machine needs nothing installed by hand.
 */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumExecutablePath, hasChromium, SYSTEM_HEADLESS_SHELL_PATH } from "./chromium";

function run(command: string): boolean {
  try {
    execSync(command, { stdio: "inherit", timeout: 600_000 });
    return true;
  } catch {
    return false;
  }
}

function isRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

function commandExists(name: string): boolean {
  try {
    execSync(`command -v ${name}`, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** apt-get, as root or through sudo; null where neither is possible. */
function aptGet(): string | null {
  if (!commandExists("apt-get")) return null;
  const sudo = isRoot() ? "" : commandExists("sudo") ? "sudo " : null;
  return sudo === null ? null : `${sudo}env DEBIAN_FRONTEND=noninteractive apt-get`;
}

/** Where Debian's Chromium is the browser, its headless shell too (a cheaper browser for the end-to-end tests); optional. */
function addHeadlessShell(apt: string | null) {
  if (apt === null || existsSync(SYSTEM_HEADLESS_SHELL_PATH) || chromiumExecutablePath() === undefined) return;
  console.log("ensure-browser: installing Debian's chromium-headless-shell for the end-to-end tests.");
  const install = `${apt} install -y -qq chromium-headless-shell`;
  if (!run(`${install} || (${apt} update -qq && ${install})`)) console.log("ensure-browser: no headless shell; the tests use the full Chromium.");
}

const apt = aptGet();
if (hasChromium()) {
  console.log("ensure-browser: Chromium found.");
  addHeadlessShell(apt);
  process.exit(0);
}

if (apt !== null) {
  console.log("ensure-browser: no Chromium found; installing Debian's chromium package.");
  if (run(`${apt} update -qq && ${apt} install -y -qq chromium fonts-dejavu-core`) && hasChromium()) {
    addHeadlessShell(apt);
    process.exit(0);
  }
}

console.log("ensure-browser: trying Playwright's own Chromium download.");
if (run("npx playwright install chromium") && hasChromium()) process.exit(0);

console.error(
  "ensure-browser: no Chromium available. Install Debian's `chromium` package or run `npx playwright install chromium`, " +
    "or set CHROMIUM_PATH to a Chromium binary.",
);
process.exit(1);
