import { beforeAll, describe, expect, it } from "vitest";
import { PresetRowListResponseSchema, PresetSummaryListResponseSchema } from "@/lib/contract/bff/schemas";
import { ErrorBodySchema, PresetEnvelopeSchema } from "@/lib/contract/gateway";
import { bffOverEmbeddedGateway } from "../testing/bff-suite";
import { params } from "../testing/test-support";
import { listPresets, listPresetSummaries, savePreset } from "./presets";

/**
 * The presets list's rows: the BFF answers one request with every row's version and last author (from one audit
 * query), reading from the gateway only what the audit log cannot say. Gateway calls are counted at the gateway
 * (a no-op fault rule per path is consumed by each matching request).
 */

const suite = bffOverEmbeddedGateway();
/** Direct calls to the gateway with its management key (faults, debug counters, seeding). */
const gw = suite.gw;

const COUNT = 10_000;

/** Counts the gateway's GET /presets (list) and GET /presets/{slug} (detail) requests from now on. */
async function countCalls(): Promise<() => Promise<{ list: number; detail: number }>> {
  await gw("/__faults", { method: "DELETE" });
  await gw("/__faults", { method: "POST", json: { path: "/presets", method: "GET", count: COUNT } });
  await gw("/__faults", { method: "POST", json: { path: "/presets/*", method: "GET", count: COUNT } });
  return async () => {
    const rules = ((await (await gw("/__faults")).json()) as { data: { path: string; remaining: number }[] }).data;
    const used = (path: string) => COUNT - (rules.find((rule) => rule.path === path)?.remaining ?? 0);
    return { list: used("/presets"), detail: used("/presets/*") };
  };
}

const chat = (temperature: number) => ({ model: "gatehouse/echo", temperature, messages: [{ role: "system", content: "Be brief." }] });
const stamp = Date.now().toString(36);

async function saveThroughBff(slug: string, temperature: number, role: "editor" | "admin", ifMatch?: string) {
  const headers: Record<string, string> = ifMatch ? { "if-match": ifMatch } : { "if-none-match": "*" };
  const response = await savePreset(suite.bff.request(`/api/presets/${slug}`, { role, json: chat(temperature), headers }), params({ slug }));
  expect(response.status).toBe(200);
  return PresetEnvelopeSchema.parse(await response.json()).data;
}

async function saveAtGateway(slug: string, temperature: number) {
  const response = await gw(`/presets/${slug}/chat/completions`, { method: "POST", json: chat(temperature) });
  expect(response.status).toBe(200);
}

describe("GET /api/presets?with=summary", () => {
  // Newest first, as the gateway lists them: moved (saved here, then at the gateway), outside, twice, once.
  const once = `rows-once-${stamp}`;
  const twice = `rows-twice-${stamp}`;
  const outside = `rows-outside-${stamp}`;
  const moved = `rows-moved-${stamp}`;

  beforeAll(async () => {
    await saveThroughBff(once, 0.1, "editor");
    const v1 = await saveThroughBff(twice, 0.1, "editor");
    await saveThroughBff(twice, 0.2, "admin", v1.designated_version_id!);
    await saveAtGateway(outside, 0.1);
    await saveAtGateway(outside, 0.2);
    await saveThroughBff(moved, 0.1, "editor");
    await saveAtGateway(moved, 0.2);
  });

  it("shows each row's designated version and last Gatehouse author in one answer, reading only what the audit log cannot say", async () => {
    const calls = await countCalls();
    const response = await listPresets(suite.bff.request("/api/presets?offset=0&limit=4&with=summary", { role: "viewer" }), params({}));
    expect(response.status).toBe(200);
    const body = PresetRowListResponseSchema.parse(await response.json());
    const rows = Object.fromEntries(body.data.map((row) => [row.slug, row.summary]));
    expect(body.data.map((row) => row.slug)).toEqual([moved, outside, twice, once]);

    expect(rows[once]).toMatchObject({ version: 1, last_saved_by: { user_email: "editor@test.local", version: 1 } });
    expect(rows[twice]).toMatchObject({ version: 2, last_saved_by: { user_email: "admin@test.local", user_name: "Test admin", version: 2 } });
    expect(rows[outside]).toMatchObject({ version: 2, last_saved_by: null });
    // Saved here as v1, then v2 at the gateway: the version comes from the gateway, the author stays the last known one.
    expect(rows[moved]).toMatchObject({ version: 2, last_saved_by: { user_email: "editor@test.local", version: 1 } });
    for (const row of body.data) expect(row.summary.version_unavailable).toBeUndefined();

    // One list call, then detail reads for the two rows the audit log cannot vouch for, however many rows.
    expect(await calls()).toEqual({ list: 1, detail: 2 });
  });

  it("says which versions the gateway could not give, and still lists every row", async () => {
    await gw("/__faults", { method: "POST", json: { path: `/presets/${outside}`, method: "GET", count: 10, status: 500 } });
    const response = await listPresets(suite.bff.request("/api/presets?offset=0&limit=4&with=summary", { role: "viewer" }), params({}));
    const rows = Object.fromEntries(PresetRowListResponseSchema.parse(await response.json()).data.map((row) => [row.slug, row.summary]));
    expect(rows[outside]).toMatchObject({ version: null, version_unavailable: true, last_saved_by: null });
    expect(rows[twice]).toMatchObject({ version: 2 });
  });

  it("without with=summary passes the gateway's list on unchanged", async () => {
    const response = await listPresets(suite.bff.request("/api/presets?offset=0&limit=2", { role: "viewer" }), params({}));
    const body = (await response.json()) as { data: Record<string, unknown>[] };
    expect(body.data[0]).not.toHaveProperty("summary");
  });

  it("needs a session, like the plain list", async () => {
    const response = await listPresets(suite.bff.request("/api/presets?with=summary", { role: null }), params({}));
    expect(response.status).toBe(401);
  });

  it("GET /api/preset-summaries gives the summaries of named presets, in their order, one gateway round", async () => {
    const calls = await countCalls();
    const response = await listPresetSummaries(suite.bff.request(`/api/preset-summaries?slugs=${twice},${outside},no-such-${stamp}`, { role: "viewer" }), params({}));
    expect(response.status).toBe(200);
    const { data } = PresetSummaryListResponseSchema.parse(await response.json());
    expect(data).toMatchObject([
      { slug: twice, version: 2, last_saved_by: { user_email: "admin@test.local" } },
      { slug: outside, version: 2, last_saved_by: null },
      { slug: `no-such-${stamp}`, version: null, last_saved_by: null },
    ]);
    expect(await calls()).toEqual({ list: 0, detail: 3 });
  });

  it("GET /api/preset-summaries refuses a malformed or oversized slug list, naming the field", async () => {
    for (const slugs of ["", "..", Array.from({ length: 101 }, (_, i) => `s${i}`).join(",")]) {
      const response = await listPresetSummaries(suite.bff.request(`/api/preset-summaries?slugs=${slugs}`, { role: "viewer" }), params({}));
      expect(response.status).toBe(400);
      expect(JSON.stringify(ErrorBodySchema.parse(await response.json()))).toContain("slugs");
    }
  });
});
