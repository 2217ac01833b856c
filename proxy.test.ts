import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { config } from "./proxy";

/** Next anchors a matcher source at both ends. */
const matcher = new RegExp(`^${config.matcher[0]}$`);

describe("proxy matcher", () => {
  it("runs (security headers, session check) on page paths that merely look like files", () => {
    for (const pathname of ["/presets/x.png", "/presets/a.b/notes.txt", "/files/logo.svg", "/x.webmanifest", "/presets", "/"]) {
      expect(matcher.test(pathname), pathname).toBe(true);
    }
  });

  it("skips the API, Next's build assets and every real static file", () => {
    const publicFiles = existsSync(path.join(__dirname, "public")) ? readdirSync(path.join(__dirname, "public")) : [];
    const appFiles = readdirSync(path.join(__dirname, "app")).filter((name) => /^(icon|apple-icon|favicon)\./.test(name));
    for (const name of [...publicFiles, ...appFiles]) expect(matcher.test(`/${name}`), `/${name}`).toBe(false);
    for (const pathname of ["/api/presets", "/_next/static/chunks/a.js", "/_next/image?url=x"]) {
      expect(matcher.test(pathname), pathname).toBe(false);
    }
  });
});
