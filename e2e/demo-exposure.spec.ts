import { connect } from "node:net";
import { expect, test } from "./fixtures";
import { externalAddress, startAppInstance } from "./support/app-instance";

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3_000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const DEMO_NOTICE = "Password for all three";

test.describe("the embedded demo is for this machine only", () => {
  test.describe.configure({ mode: "serial" });

  test("a fresh `npm start` in demo mode listens on loopback only", async ({ baseURL }) => {
    const external = externalAddress();
    test.skip(external === null, "this machine has no non-loopback address to try");
    const port = Number(new URL(baseURL!).port);
    expect(await accepts("127.0.0.1", port)).toBe(true);
    expect(await accepts(external!, port)).toBe(false);
  });

  test("served to the network with HOSTNAME, the demo password is shown only to requests from this machine", async () => {
    const external = externalAddress();
    test.skip(external === null, "this machine has no non-loopback address to try");
    test.setTimeout(120_000);
    const instance = await startAppInstance({ HOSTNAME: "0.0.0.0" });
    try {
      const local = await (await fetch(`http://127.0.0.1:${instance.port}/sign-in`)).text();
      expect(local).toContain(DEMO_NOTICE);
      const remote = await fetch(`http://${external}:${instance.port}/sign-in`, {
        // A forged forwarding header must not make a remote request look local.
        headers: { "x-forwarded-for": "127.0.0.1", "x-gatehouse-peer": "127.0.0.1" },
      });
      expect(remote.status).toBe(200);
      const html = await remote.text();
      expect(html).toContain("Sign in to Gatehouse");
      expect(html).not.toContain(DEMO_NOTICE);
      const password = /password: (\S+)/.exec(instance.output())?.[1];
      expect(password).toBeTruthy();
      expect(html).not.toContain(password!);
    } finally {
      await instance.stop();
    }
  });
});

test.describe("signed in", () => {
  test.use({ role: "viewer" });

  test("a callbackUrl that normalises to another host never becomes the redirect", async ({ page }) => {
    for (const callbackUrl of ["/.//evil.example/phish", "/..//evil.example/phish", "/a/..//evil.example", "/%2e//evil.example", "/.\\/evil.example"]) {
      const response = await page.request.get(`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`, { maxRedirects: 0 });
      expect(response.status(), callbackUrl).toBeGreaterThanOrEqual(300);
      const location = response.headers()["location"] ?? "";
      expect(location, callbackUrl).toBe("/presets");
    }
  });

  test("paths that look like files still get the page security headers", async ({ page }) => {
    for (const pathname of ["/presets/x.png", "/presets/notes.txt", "/files/a.svg"]) {
      const response = await page.request.get(pathname, { maxRedirects: 0 });
      const csp = response.headers()["content-security-policy"] ?? "";
      expect(csp, pathname).toContain("frame-ancestors 'none'");
      expect(csp, pathname).toMatch(/script-src[^;]*'nonce-/);
    }
  });

  test("real static assets are still served without a session", async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const icon = await anonymous.get("/icon.svg", { maxRedirects: 0 });
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toContain("image/svg");
    await anonymous.dispose();
  });
});
