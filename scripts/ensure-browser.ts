/**
 * Makes sure a Chromium exists for Playwright: Playwright's own when its download works, else Debian's package.
 * Runs before the end-to-end tests so a fresh machine needs nothing installed by hand.
 */
import { execSync } from "node:child_process";
import { hasChromium } from "./chromium";

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

if (hasChromium()) {
  console.log("ensure-browser: Chromium found.");
  process.exit(0);
}

if (commandExists("apt-get")) {
  const sudo = isRoot() ? "" : commandExists("sudo") ? "sudo " : null;
  if (sudo !== null) {
    console.log("ensure-browser: no Chromium found; installing Debian's chromium package.");
    if (run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core`) && hasChromium()) {
      process.exit(0);
    }
  }
}

console.log("ensure-browser: trying Playwright's own Chromium download.");
if (run("npx playwright install chromium") && hasChromium()) process.exit(0);

console.error(
  "ensure-browser: no Chromium available. Install Debian's `chromium` package or run `npx playwright install chromium`, " +
    "or set CHROMIUM_PATH to a Chromium binary.",
);
process.exit(1);
