import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedGateway } from "./server";
import { caller, startTestGateway, type Caller } from "./testing/harness";

// EMBEDDED_GATEWAY_STRICT=1: where the embedded gateway's behaviour is an extension of the real one,
// strict mode does what the real gateway does, so the dashboard can be proven to need none of them.

let strict: EmbeddedGateway;
let api: Caller;
let admin: Caller;

beforeAll(async () => {
  strict = await startTestGateway({ strict: true });
  api = caller(strict);
  admin = caller(strict, strict.managementKey);
});
afterAll(() => strict.close());

const save = { messages: [{ role: "user", content: "Hi" }], model: "gatehouse/swift" };

describe("strict mode", () => {
  it("saves a preset whatever If-Match says (the real gateway has no such check)", async () => {
    expect((await admin("/presets/strict-save/chat/completions", { method: "POST", json: save })).status).toBe(200);
    const stale = await admin("/presets/strict-save/chat/completions", { method: "POST", json: save, headers: { "if-match": '"not-the-current-version"' } });
    expect(stale.status).toBe(200);
    // No ETag: nothing tells the caller its If-Match was checked, because it was not.
    expect(stale.headers.get("etag")).toBeNull();
    expect(((await stale.json()) as { data: { designated_version: { version: number } } }).data.designated_version.version).toBe(2);
  });

  it("refuses an API key another workspace's files with 403; its own workspace works", async () => {
    const workspaces = ((await (await admin("/workspaces")).json()) as { data: { id: string; slug: string }[] }).data;
    const own = ((await (await api("/files?limit=1")).json()) as { data: { workspace_id?: string }[] }).data;
    expect(own.length).toBe(1);
    const other = workspaces.find((w) => w.slug !== "default")!;
    const refused = await api(`/files?workspace_id=${other.id}`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: number; message: string } }).error).toMatchObject({ code: 403, message: expect.stringMatching(/access/) });
    const defaultWs = workspaces.find((w) => w.slug === "default")!;
    expect((await api(`/files?workspace_id=${defaultWs.id}`)).status).toBe(200);
  });

  it("lists files oldest first by default and refuses order=desc, as documented for OpenRouter storage", async () => {
    const page = ((await (await api("/files?limit=5")).json()) as { data: { created_at: string }[] }).data;
    const times = page.map((f) => Date.parse(f.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const desc = await api("/files?order=desc");
    expect(desc.status).toBe(400);
  });

  it("does not serve an uploaded file's content (only server-created files are downloadable)", async () => {
    const form = new FormData();
    form.set("file", new Blob(["hello"], { type: "text/plain" }), "hello.txt");
    const uploaded = (await (await api("/files", { method: "POST", body: form })).json()) as { id: string };
    const content = await api(`/files/${uploaded.id}/content`);
    expect(content.status).toBe(400);
  });

  it("sends none of our model extensions", async () => {
    const models = ((await (await api("/models")).json()) as { data: Record<string, unknown>[] }).data;
    expect(models.length).toBeGreaterThan(0);
    for (const model of models) {
      expect(model).not.toHaveProperty("first_token_delay_ms");
      expect(model).not.toHaveProperty("tokens_per_second");
    }
  });
});
