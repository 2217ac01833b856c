import {
  ErrorBodySchema,
  MESSAGES,
  PresetEnvelopeSchema,
  PresetListResponseSchema,
  PresetVersionEnvelopeSchema,
  PresetVersionListResponseSchema,
} from "@/lib/contract/gateway";
import { PRESET_CONFIG_FIELDS } from "@/lib/presets/extract-config";
import { describe, expect, it } from "vitest";
import { fileTestGateway } from "./testing/harness";

const { api, admin } = fileTestGateway();

async function error(response: Response) {
  return ErrorBodySchema.parse(await response.json()).error;
}

const chat = (extra: Record<string, unknown> = {}) => ({
  messages: [
    { role: "system", content: "Be brief." },
    { role: "user", content: "Hi" },
  ],
  model: "gatehouse/swift",
  ...extra,
});

describe("POST /presets/{slug}/chat/completions", () => {
  it("creates version 1 storing only config fields, with the system prompt from the system messages", async () => {
    const response = await admin("/presets/create-me/chat/completions", {
      method: "POST",
      json: chat({
        temperature: 0.4,
        stream: true,
        stream_options: { include_usage: true },
        user: "u-1",
        session_id: "s-1",
        prompt: "ignored, not a chat-request field",
        plugins: [{ id: "web", max_results: 3 }],
        messages: [
          { role: "system", content: "First rule." },
          { role: "developer", content: "Not part of the preset." },
          { role: "system", content: [{ type: "text", text: "Second" }, { type: "text", text: "rule." }] },
          { role: "user", content: "Hello" },
        ],
      }),
    });
    expect(response.status).toBe(200);
    const { data } = PresetEnvelopeSchema.parse(await response.json());
    expect(data.slug).toBe("create-me");
    expect(data.status).toBe("active");
    expect(data.designated_version?.version).toBe(1);
    expect(data.designated_version_id).toBe(data.designated_version?.id);
    // messages, stream, stream_options, user, session_id and prompt are per-request: not stored.
    expect(data.designated_version?.config).toEqual({ model: "gatehouse/swift", temperature: 0.4, plugins: [{ id: "web", max_results: 3 }] });
    expect(Object.keys(data.designated_version!.config).every((key) => (PRESET_CONFIG_FIELDS as readonly string[]).includes(key))).toBe(true);
    expect(data.designated_version?.system_prompt).toBe("First rule.\n\nSecond\nrule.");
  });

  it("appends version n+1 and designates it; GET returns it inline", async () => {
    await admin("/presets/grow/chat/completions", { method: "POST", json: chat({ temperature: 1 }) });
    const second = await admin("/presets/grow/chat/completions", { method: "POST", json: chat({ temperature: 0.2 }) });
    expect(second.status).toBe(200);
    const { data } = PresetEnvelopeSchema.parse(await second.json());
    expect(data.designated_version?.version).toBe(2);

    const got = PresetEnvelopeSchema.parse(await (await api("/presets/grow")).json()).data;
    expect(got.designated_version_id).toBe(data.designated_version_id);
    expect(got.designated_version?.config.temperature).toBe(0.2);
  });

  it("answers 401 without a key, 401 for an unknown key and 403 for a standard key", async () => {
    const none = await api("/presets/x/chat/completions", { method: "POST", json: chat(), key: null });
    expect(none.status).toBe(401);
    expect(await error(none)).toEqual({ code: 401, message: MESSAGES.missingAuth });

    const unknown = await api("/presets/x/chat/completions", { method: "POST", json: chat(), key: "nope" });
    expect(unknown.status).toBe(401);
    expect((await error(unknown)).code).toBe(401);

    const standard = await api("/presets/x/chat/completions", { method: "POST", json: chat() });
    expect(standard.status).toBe(403);
    expect(await error(standard)).toEqual({ code: 403, message: MESSAGES.forbiddenManagement });
    expect((await api("/presets/x")).status).toBe(404);
  });

  it("rejects a slug that is not URL-safe, naming slug", async () => {
    for (const slug of ["has%20space", "%C3%A9t%C3%A9", "..", "a%2Fb"]) {
      const response = await admin(`/presets/${slug}/chat/completions`, { method: "POST", json: chat() });
      if (slug === "..") {
        // URL parsers collapse "..": the request never reaches a preset route.
        expect([400, 404]).toContain(response.status);
        continue;
      }
      expect(response.status, slug).toBe(400);
      const body = await error(response);
      expect(body.message).toContain("slug");
    }
  });

  it("names every failing field of an invalid body", async () => {
    const response = await admin("/presets/bad/chat/completions", {
      method: "POST",
      json: { messages: [], temperature: 5, top_logprobs: 21, stop: ["a", "b", "c", "d", "e"] },
    });
    expect(response.status).toBe(400);
    const body = await error(response);
    const paths = (body.metadata?.issues as { path: string }[]).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(["messages", "temperature", "top_logprobs", "stop"]));
    expect((await api("/presets/bad")).status).toBe(404);
  });

  it("answers 400 for malformed JSON and 413 for an oversize body", async () => {
    const malformed = await admin("/presets/json/chat/completions", {
      method: "POST",
      body: '{"messages": [',
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect((await error(malformed)).message).toMatch(/JSON/);

    const huge = "x".repeat(5 * 1024 * 1024);
    const oversize = await admin("/presets/big/chat/completions", { method: "POST", json: chat({ messages: [{ role: "user", content: huge }] }) });
    expect(oversize.status).toBe(413);
    expect((await error(oversize)).code).toBe(413);
  });

  it("honours If-Match: a stale designated version id gets 409 with the current version", async () => {
    const first = PresetEnvelopeSchema.parse(await (await admin("/presets/guarded/chat/completions", { method: "POST", json: chat() })).json()).data;
    const ok = await admin("/presets/guarded/chat/completions", {
      method: "POST",
      json: chat({ temperature: 0.9 }),
      headers: { "if-match": first.designated_version_id! },
    });
    expect(ok.status).toBe(200);
    const second = PresetEnvelopeSchema.parse(await ok.json()).data;

    const stale = await admin("/presets/guarded/chat/completions", {
      method: "POST",
      json: chat({ temperature: 0.1 }),
      headers: { "if-match": `"${first.designated_version_id}"` },
    });
    expect(stale.status).toBe(409);
    const body = await error(stale);
    expect(body.message).toBe(MESSAGES.conflict);
    expect(body.metadata?.designated_version_id).toBe(second.designated_version_id);
    expect((body.metadata?.current_version as { version: number }).version).toBe(2);

    const absent = await admin("/presets/never-created/chat/completions", { method: "POST", json: chat(), headers: { "if-match": first.designated_version_id! } });
    expect(absent.status).toBe(409);
  });

  it("serialises 20 concurrent writes: versions 1..k without gaps or duplicates, only 200 or 409", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => admin("/presets/race/chat/completions", { method: "POST", json: chat({ temperature: i / 10 }) })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const created = await Promise.all(results.filter((r) => r.status === 200).map(async (r) => PresetEnvelopeSchema.parse(await r.json()).data.designated_version!.version));
    const versions = PresetVersionListResponseSchema.parse(await (await api("/presets/race/versions?limit=100")).json());
    const numbers = versions.data.map((v) => v.version);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(versions.total_count).toBe(created.length);
    expect([...created].sort((a, b) => a - b)).toEqual(numbers);
  });

  it("lets exactly one of 20 concurrent writes based on the same version win", async () => {
    const base = PresetEnvelopeSchema.parse(await (await admin("/presets/race-guarded/chat/completions", { method: "POST", json: chat() })).json()).data;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin("/presets/race-guarded/chat/completions", { method: "POST", json: chat({ seed: i }), headers: { "if-match": base.designated_version_id! } }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const versions = PresetVersionListResponseSchema.parse(await (await api("/presets/race-guarded/versions")).json());
    expect(versions.data.map((v) => v.version)).toEqual([1, 2]);
  });
});

describe("preset reads", () => {
  it("lists the demo presets, most recently updated first, with offset and limit", async () => {
    const all = PresetListResponseSchema.parse(await (await api("/presets?limit=100")).json());
    const slugs = all.data.map((p) => p.slug);
    expect(slugs).toEqual(expect.arrayContaining(["web-research", "support-triage", "release-notes-writer", "echo-debug"]));
    expect(all.total_count).toBe(all.data.length);
    const updated = all.data.map((p) => p.updated_at);
    expect([...updated].sort().reverse()).toEqual(updated);

    const page = PresetListResponseSchema.parse(await (await api("/presets?offset=1&limit=2")).json());
    expect(page.data.map((p) => p.slug)).toEqual(slugs.slice(1, 3));
    expect(page.total_count).toBe(all.total_count);

    for (const query of ["limit=0", "limit=101", "offset=-1", "limit=abc"]) {
      const response = await api(`/presets?${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  it("lists versions oldest first and reads one version; web-research v1 and v2 differ in web search settings", async () => {
    const versions = PresetVersionListResponseSchema.parse(await (await api("/presets/web-research/versions")).json());
    expect(versions.data.map((v) => v.version)).toEqual([1, 2, 3]);
    const page = PresetVersionListResponseSchema.parse(await (await api("/presets/web-research/versions?offset=1&limit=1")).json());
    expect(page.data.map((v) => v.version)).toEqual([2]);
    expect(page.total_count).toBe(3);

    const v1 = PresetVersionEnvelopeSchema.parse(await (await api("/presets/web-research/versions/1")).json()).data;
    const v2 = PresetVersionEnvelopeSchema.parse(await (await api("/presets/web-research/versions/2")).json()).data;
    expect(v1.config.plugins).toEqual([{ id: "web", max_results: 3 }]);
    expect(v2.config.plugins).toEqual([{ id: "web", max_results: 8 }]);

    expect((await api("/presets/web-research/versions/0")).status).toBe(400);
    expect((await api("/presets/web-research/versions/one")).status).toBe(400);
    expect((await api("/presets/web-research/versions/99")).status).toBe(404);
    expect((await api("/presets/nobody/versions")).status).toBe(404);
    const missing = await api("/presets/nobody");
    expect(missing.status).toBe(404);
    expect(await error(missing)).toEqual({ code: 404, message: MESSAGES.notFound });
  });
});
