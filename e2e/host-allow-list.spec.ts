import { request as httpRequest } from "node:http";
import { expect, test } from "./fixtures";

/**
 * DNS rebinding against the real app (`npm start` in demo mode): what a page on rebind.attacker.test,
 * re-pointed at 127.0.0.1, makes the victim's browser send. Raw requests, so the Host header is exactly
 * the attacker's name (browsers and fetch set it from the URL).
 */
function raw(baseURL: string, method: string, path: string, headers: Record<string, string>, body = ""): Promise<{ status: number; body: string }> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: "127.0.0.1", port: url.port, method, path, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } },
      (incoming) => {
        let text = "";
        incoming.on("data", (chunk) => (text += String(chunk)));
        incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

test.describe("a rebinding Host", () => {
  test.use({ role: "admin" });

  test("gets 421 on pages, Auth.js routes and the fast lane, with the admin's cookie and a matching Origin", async ({ baseURL, page }) => {
    const port = new URL(baseURL!).port;
    const rebound = `rebind.attacker.test:${port}`;
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const headers = { host: rebound, origin: `http://${rebound}`, cookie, "content-type": "application/json" };
    for (const [method, path] of [["GET", "/sign-in"], ["GET", "/presets"], ["GET", "/api/auth/session"], ["GET", "/api/auth/csrf"], ["GET", "/api/files"], ["POST", "/api/responses"], ["POST", "/api/users"]]) {
      const body = method === "POST" ? JSON.stringify({ email: "rebound@attacker.test", role: "admin", password: "rebound-password" }) : "";
      const answer = await raw(baseURL!, method, path, headers, body);
      expect(answer.status, `${method} ${path}`).toBe(421);
      expect(answer.body, `${method} ${path}`).not.toContain("gatehouse-e2e");
    }
    // This machine, by name or address, is served as before.
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      expect((await raw(baseURL!, "GET", "/api/auth/csrf", { host })).status, host).toBe(200);
      expect((await raw(baseURL!, "GET", "/api/files", { host, cookie })).status, host).toBe(200);
    }
  });

  test("a write from our Host but a foreign Origin is refused", async ({ baseURL, page }) => {
    const port = new URL(baseURL!).port;
    const created = await page.request.post("/api/users", {
      headers: { origin: `http://rebind.attacker.test:${port}` },
      data: { email: `rebound-${Date.now()}@attacker.test`, role: "admin", password: "rebound-password" },
    });
    expect(created.status()).toBe(403);
  });
});
