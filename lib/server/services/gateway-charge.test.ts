import { afterEach, describe, expect, it } from "vitest";
import { fileTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { resetServerEnv } from "../config/env";
import { HttpError } from "../http/errors";
import { listPresets, listPresetSummaries } from "../handlers/presets";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { readModelCatalog } from "./catalog";
import { pageCharge } from "./gateway-charge";
import { readFilePage } from "./files";
import { readPreset, readPresetCatalog, readPresetRows, summarizePresets } from "./presets";

// Issue 25, item 10: a server page's prefetch (a service called with pageCharge, as the pages call them) is
// charged to the user's gateway limit as the same read through /api is, so loading pages is no way around it.
// Real handlers, real services, the embedded gateway over HTTP.

const LIMIT = 6;

const { gateway } = fileTestGateway();
let bff: BffTestEnv;

afterEach(async () => {
  await bff.cleanup();
  resetServerEnv();
});

async function freshUsers(limit = LIMIT) {
  bff = await setUpBff(gateway(), { RATE_LIMIT_GATEWAY_PER_MINUTE: String(limit) });
}

/** What the editor's page loads are charged to (each page makes its own, as the pages do). */
const editorPage = () => pageCharge(bff.userIds.editor);

async function apiPresets(role: "editor" | "viewer"): Promise<Response> {
  return listPresets(bff.request("/api/presets?limit=1", { role }), params({}));
}

/** /api reads `role` still gets before the limit refuses one: what their budget has left. */
async function budgetLeft(role: "editor" | "viewer"): Promise<number> {
  for (let left = 0; left <= LIMIT; left++) {
    const response = await apiPresets(role);
    await response.body?.cancel();
    if (response.status === 429) return left;
    expect(response.status).toBe(200);
  }
  throw new Error("the limit never refused");
}

describe("page prefetches and the per-user gateway limit", () => {
  it("a sorted presets page (catalog walk, then the rows' summaries) costs what the same reads through /api cost", async () => {
    await freshUsers();
    // The page, as the editor: the whole catalog, then the summaries of the rows it shows.
    const catalog = await readPresetCatalog(editorPage());
    const slugs = catalog.data.slice(0, 3).map((preset) => preset.slug);
    await summarizePresets(editorPage(), slugs.map((slug) => ({ slug })));
    // The same reads through /api, as the viewer: one /api/presets per catalog page, then the summaries.
    const pages = Math.max(1, Math.ceil(catalog.data.length / 100));
    for (let page = 0; page < pages; page++) {
      const response = await listPresets(bff.request(`/api/presets?offset=${page * 100}&limit=100`, { role: "viewer" }), params({}));
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    const summaries = await listPresetSummaries(bff.request(`/api/preset-summaries?slugs=${slugs.join(",")}`, { role: "viewer" }), params({}));
    expect(summaries.status).toBe(200);
    await summaries.body?.cancel();

    const spent = LIMIT - (await budgetLeft("viewer"));
    expect(spent).toBeGreaterThanOrEqual(pages + slugs.length);
    expect(LIMIT - (await budgetLeft("editor"))).toBe(spent);
  });

  it("once page loads have spent the budget, the next page's prefetch and the /api read are refused with 429; another user is unaffected", async () => {
    await freshUsers();
    for (let load = 0; load < LIMIT; load++) await (load % 3 === 0
        ? readPreset(editorPage(), "no-such-preset").catch(() => null)
        : load % 3 === 1
          ? readModelCatalog(editorPage())
          : readFilePage(editorPage(), { limit: 10 }));
    const refused = await readPresetRows(editorPage(), 0, 20).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 429, metadata: { bucket: "gateway", limit: LIMIT } });
    const api = await apiPresets("editor");
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await apiPresets("viewer")).status).toBe(200);
  });
});
