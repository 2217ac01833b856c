import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { APIResponse } from "@playwright/test";
import { expect, GATEWAY, test } from "./fixtures";
import { CALLERS, routeContext, ROWS } from "./bff-routes";

/**
 * The browser never holds a gateway key: after `next build`, no file of the static folder, no
 * page's HTML or RSC payload and no /api answer (body or header) contains a key value.
 */

function secrets(): { name: string; value: string }[] {
  const list = [
    { name: "GATEWAY_API_KEY", value: GATEWAY.apiKey },
    { name: "GATEWAY_MANAGEMENT_KEY", value: GATEWAY.managementKey },
  ];
  const secretFile = path.join(process.env.E2E_DATA_DIR ?? ".data-e2e", "auth-secret");
  const authSecret = process.env.E2E_AUTH_SECRET ?? (existsSync(secretFile) ? readFileSync(secretFile, "utf8").trim() : "");
  if (authSecret) list.push({ name: "AUTH_SECRET", value: authSecret });
  return list;
}

function leaks(text: string): string[] {
  return secrets()
    .filter((s) => text.includes(s.value))
    .map((s) => s.name);
}

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

async function responseText(response: APIResponse): Promise<string> {
  const headers = response
    .headersArray()
    .map((h) => `${h.name}: ${h.value}`)
    .join("\n");
  return `${headers}\n\n${(await response.body()).toString("latin1")}`;
}

const PAGES = ["/", "/sign-in", "/presets", "/presets/echo-debug", "/files", "/video-models", "/playground"];

test.describe("gateway keys never reach the browser", () => {
  test("the key values are what the server runs with", () => {
    expect(secrets().length).toBeGreaterThanOrEqual(2);
    for (const s of secrets()) expect(s.value.length).toBeGreaterThanOrEqual(8);
  });

  test("no file of the build's static folder contains a key", () => {
    const staticDir = path.join(process.env.NEXT_DIST_DIR || ".next", "static");
    expect(existsSync(staticDir), `${staticDir} must exist (run after next build)`).toBe(true);
    let scanned = 0;
    const found: string[] = [];
    for (const file of files(staticDir)) {
      scanned++;
      const hits = leaks(readFileSync(file).toString("latin1"));
      if (hits.length > 0) found.push(`${file}: ${hits.join(", ")}`);
    }
    expect(scanned).toBeGreaterThan(10);
    expect(found).toEqual([]);
  });

  test("no page (HTML or RSC payload), for any caller, contains a key", async ({ apiAs }) => {
    const found: string[] = [];
    for (const caller of CALLERS) {
      const api = await apiAs(caller);
      for (const page of PAGES) {
        for (const headers of [{}, { RSC: "1" }] as Record<string, string>[]) {
          const response = await api.get(page, { headers, maxRedirects: 0 });
          const hits = leaks(await responseText(response));
          if (hits.length > 0) found.push(`${caller ?? "anonymous"} ${page} ${JSON.stringify(headers)}: ${hits.join(", ")}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  test("no /api answer, allowed or refused, success or error, contains a key", async ({ apiAs }) => {
    // Every /api route, allowed and refused: more than the default minute on a loaded 2-core machine.
    test.slow();
    const ctx = await routeContext(await apiAs("admin"));
    const found: string[] = [];
    for (const row of ROWS) {
      for (const caller of CALLERS) {
        const response = await row.call(await apiAs(caller), caller, ctx);
        const hits = leaks(await responseText(response));
        if (hits.length > 0) found.push(`${row.route} as ${caller ?? "anonymous"}: ${hits.join(", ")}`);
      }
    }
    const editor = await apiAs("editor");
    const extra = [
      await editor.post("/api/responses", { data: { model: "gatehouse/echo", input: "stream me", stream: true } }),
      await editor.post("/api/responses", { data: { model: "no/such-model", input: "x" } }),
      await editor.get("/api/presets/no-such-preset"),
      await editor.get("/api/files?cursor=forged"),
      await editor.post("/api/presets/x", { data: { messages: [] } }),
    ];
    for (const response of extra) {
      const hits = leaks(await responseText(response));
      if (hits.length > 0) found.push(`${response.url()}: ${hits.join(", ")}`);
    }
    expect(found).toEqual([]);
  });
});
