import { describe, expect, it } from "vitest";
import { ErrorBodySchema, PresetEnvelopeSchema, PresetSaveResponseSchema, StreamEventSchema } from "@/lib/contract/gateway";
import { PresetAuditResponseSchema } from "@/lib/contract/bff/schemas";
import { bffOverEmbeddedGateway } from "../testing/bff-suite";
import { resetServerEnv } from "../config/env";
import { params } from "../testing/test-support";
import { clearVideoModelsCache } from "../services/catalog";
import { listVideoModels, listModels, listWorkspaces } from "./catalog";
import { deleteFile, downloadFile, getFile, listFiles, uploadFile } from "./files";
import { getPreset, getPresetAudit, getPresetVersion, listPresets, listPresetVersions, savePreset } from "./presets";
import { postResponses } from "./responses";
import { createUser, deleteUser, getMe, listUsers, updateUser } from "./users";

const suite = bffOverEmbeddedGateway();
/** Direct calls to the gateway with its management key (faults, debug counters, seeding). */
const gw = suite.gw;

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

async function expectError(response: Response, status: number, message?: RegExp) {
  expect(response.status).toBe(status);
  const body = ErrorBodySchema.parse(await response.json());
  expect(body.error.code).toBe(status);
  if (message) expect(body.error.message).toMatch(message);
  return body.error;
}

const chat = (temperature = 0.5) => ({ model: "gatehouse/echo", temperature, messages: [{ role: "system", content: "Be brief." }, { role: "user", content: "hi" }] });
let slugCounter = 0;
const newSlug = () => `bff-test-${Date.now().toString(36)}-${slugCounter++}`;

async function save(slug: string, body: unknown, headers: Record<string, string> = {}, role: "editor" | "admin" = "editor") {
  return savePreset(suite.bff.request(`/api/presets/${slug}`, { role, json: body, headers }), params({ slug }));
}

describe("presets", () => {
  it("lists, reads, and pages versions through the gateway", async () => {
    const list = await listPresets(suite.bff.request("/api/presets?limit=2", { role: "viewer" }), params({}));
    expect(list.status).toBe(200);
    const listed = (await json(list)) as { data: { slug: string }[] };
    expect(listed.data.length).toBeGreaterThan(0);
    const slug = listed.data[0].slug;
    const one = await getPreset(suite.bff.request(`/api/presets/${slug}`, { role: "viewer" }), params({ slug }));
    expect(PresetEnvelopeSchema.parse(await one.json()).data.slug).toBe(slug);
    const versions = await listPresetVersions(suite.bff.request(`/api/presets/${slug}/versions?limit=1`, { role: "viewer" }), params({ slug }));
    expect(versions.status).toBe(200);
    const v1 = await getPresetVersion(suite.bff.request(`/api/presets/${slug}/versions/1`, { role: "viewer" }), params({ slug, version: "1" }));
    expect(((await json(v1)).data as { version: number }).version).toBe(1);
  });

  it("400s name the field: limit, slug, version", async () => {
    await expectError(await listPresets(suite.bff.request("/api/presets?limit=0", { role: "viewer" }), params({})), 400, /limit/);
    await expectError(await getPreset(suite.bff.request("/api/presets/..", { role: "viewer" }), params({ slug: ".." })), 400, /slug|Invalid preset slug/);
    await expectError(await getPresetVersion(suite.bff.request("/api/presets/x/versions/zero", { role: "viewer" }), params({ slug: "x", version: "zero" })), 400, /version/);
  });

  it("passes the gateway's 404 on", async () => {
    const error = await expectError(await getPreset(suite.bff.request("/api/presets/no-such-preset", { role: "viewer" }), params({ slug: "no-such-preset" })), 404);
    expect(error.metadata).toMatchObject({ upstream_status: 404 });
  });

  it("creates a preset, records who saved it, and refuses a stale If-Match with the current version", async () => {
    const slug = newSlug();
    const created = await save(slug, chat(0.1));
    expect(created.status).toBe(200);
    const v1 = PresetEnvelopeSchema.parse(await created.json()).data;

    const updated = await save(slug, chat(0.2), { "if-match": `"${v1.designated_version_id}"` }, "admin");
    expect(updated.status).toBe(200);
    const updatedBody = PresetSaveResponseSchema.parse(await updated.json());
    // The embedded gateway checks If-Match with the write and says so (ETag).
    expect(updatedBody.metadata).toEqual({ conflict_check: "verified" });
    const v2 = updatedBody.data;
    expect(v2.designated_version?.version).toBe(2);

    // Someone still editing version 1 must not overwrite version 2.
    const stale = await expectError(await save(slug, chat(0.3), { "if-match": v1.designated_version_id! }), 409, /changed by someone else/);
    expect(stale.metadata).toMatchObject({ designated_version_id: v2.designated_version_id, current_version: { version: 2 } });

    const audit = await getPresetAudit(suite.bff.request(`/api/presets/${slug}/audit`, { role: "viewer" }), params({ slug }));
    const entries = PresetAuditResponseSchema.parse(await audit.json()).data;
    expect(entries.map((e) => `${e.version}:${e.user_email}`)).toEqual(["2:admin@test.local", "1:editor@test.local"]);
    expect(entries[0].version_id).toBe(v2.designated_version_id);
  });

  it("asks for If-Match (428) to save over an existing preset; If-None-Match: * refuses to overwrite one", async () => {
    const slug = newSlug();
    const v1 = PresetEnvelopeSchema.parse(await (await save(slug, chat())).json()).data;
    const missing = await expectError(await save(slug, chat(0.9)), 428, /If-Match/);
    expect(missing.metadata).toMatchObject({ designated_version_id: v1.designated_version_id });
    await expectError(await save(slug, chat(0.9), { "if-none-match": "*" }), 409, /already exists/);
    expect((await save(slug, chat(0.9), { "if-match": "*" })).status).toBe(200);
  });

  it("accepts base_version_id in the query instead of the header", async () => {
    const slug = newSlug();
    const v1 = PresetEnvelopeSchema.parse(await (await save(slug, chat())).json()).data;
    const response = await savePreset(
      suite.bff.request(`/api/presets/${slug}?base_version_id=${v1.designated_version_id}`, { role: "editor", json: chat(1) }),
      params({ slug }),
    );
    expect(response.status).toBe(200);
  });

  it("lets exactly one of two simultaneous saves from the same version win", async () => {
    const slug = newSlug();
    const v1 = PresetEnvelopeSchema.parse(await (await save(slug, chat())).json()).data;
    const results = await Promise.all([1, 2].map((n) => save(slug, chat(n / 10), { "if-match": v1.designated_version_id! })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("validates the chat request with the shared schema, naming the field", async () => {
    const error = await expectError(await save(newSlug(), { messages: [], temperature: 5 }), 400);
    expect(error.message).toMatch(/messages/);
    expect(error.message).toMatch(/temperature must be at most 2/);
  });

  it("says so when the server has no management key (503), without calling the gateway", async () => {
    process.env.GATEWAY_MANAGEMENT_KEY = "";
    resetServerEnv();
    try {
      await expectError(await save(newSlug(), chat()), 503, /GATEWAY_MANAGEMENT_KEY/);
    } finally {
      process.env.GATEWAY_MANAGEMENT_KEY = suite.gateway.managementKey;
      resetServerEnv();
    }
  });
});

describe("files", () => {
  it("lists with limit and cursor, and validates them", async () => {
    const first = await listFiles(suite.bff.request("/api/files?limit=5", { role: "viewer" }), params({}));
    const page = (await json(first)) as { data: unknown[]; cursor: string; has_more: boolean };
    expect(page.data).toHaveLength(5);
    expect(page.has_more).toBe(true);
    const next = await listFiles(suite.bff.request(`/api/files?limit=5&cursor=${encodeURIComponent(page.cursor)}`, { role: "viewer" }), params({}));
    expect(next.status).toBe(200);
    await expectError(await listFiles(suite.bff.request("/api/files?limit=5000", { role: "viewer" }), params({})), 400, /limit must be at most 1000/);
    await expectError(await listFiles(suite.bff.request("/api/files?workspace_id=nope", { role: "viewer" }), params({})), 400, /workspace_id must be a UUID/);
    await expectError(await listFiles(suite.bff.request("/api/files?cursor=forged", { role: "viewer" }), params({})), 400, /cursor/);
  });

  it("streams an upload through, serves it back as an attachment, and deletes it", async () => {
    const form = new FormData();
    form.append("file", new File(["hello from the BFF test\n"], "hello.txt", { type: "text/plain" }));
    const encoded = new Response(form);
    const upload = await uploadFile(
      suite.bff.request("/api/files", { role: "editor", method: "POST", body: encoded.body!, headers: { "content-type": encoded.headers.get("content-type")! } }),
      params({}),
    );
    expect(upload.status).toBe(200);
    const file = (await json(upload)) as { id: string; filename: string; size_bytes: number };
    expect(file).toMatchObject({ filename: "hello.txt", size_bytes: 24 });

    const meta = await getFile(suite.bff.request(`/api/files/${file.id}`, { role: "viewer" }), params({ id: file.id }));
    expect(((await json(meta)) as { id: string }).id).toBe(file.id);

    const download = await downloadFile(suite.bff.request(`/api/files/${file.id}/content`, { role: "viewer" }), params({ id: file.id }));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="hello.txt"/);
    expect(download.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(await download.text()).toBe("hello from the BFF test\n");

    expect((await deleteFile(suite.bff.request(`/api/files/${file.id}`, { role: "editor", method: "DELETE" }), params({ id: file.id }))).status).toBe(200);
    await expectError(await getFile(suite.bff.request(`/api/files/${file.id}`, { role: "viewer" }), params({ id: file.id })), 404);
  });

  it("refuses an upload over the limit (413) even without Content-Length", async () => {
    process.env.MAX_UPLOAD_BYTES = "1000";
    resetServerEnv();
    try {
      const form = new FormData();
      form.append("file", new File(["x".repeat(200_000)], "big.txt", { type: "text/plain" }));
      const encoded = new Response(form);
      const response = await uploadFile(
        suite.bff.request("/api/files", { role: "editor", method: "POST", body: encoded.body!, headers: { "content-type": encoded.headers.get("content-type")! } }),
        params({}),
      );
      await expectError(response, 413, /upload limit/);
      const declared = await uploadFile(
        suite.bff.request("/api/files", { role: "editor", method: "POST", body: "x", headers: { "content-type": "multipart/form-data; boundary=x", "content-length": "99999999" } }),
        params({}),
      );
      await expectError(declared, 413);
    } finally {
      delete process.env.MAX_UPLOAD_BYTES;
      resetServerEnv();
    }
  });

  it("415 for a non-multipart upload", async () => {
    await expectError(await uploadFile(suite.bff.request("/api/files", { role: "editor", json: {} }), params({})), 415);
  });
});

describe("upstream failures", () => {
  it("retries a GET past a 503 and the browser sees the page", async () => {
    await gw("/__faults", { method: "POST", json: { path: "/files", method: "GET", count: 1, status: 503, retry_after_seconds: 0 } });
    expect((await listFiles(suite.bff.request("/api/files?limit=1", { role: "viewer" }), params({}))).status).toBe(200);
  });

  it("hands a long 429 on at once with Retry-After", async () => {
    await gw("/__faults", { method: "POST", json: { path: "/files", method: "GET", count: 3, status: 429, retry_after_seconds: 30 } });
    const started = Date.now();
    const response = await listFiles(suite.bff.request("/api/files?limit=1", { role: "viewer" }), params({}));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(response.headers.get("retry-after")).toBe("30");
    await expectError(response, 429);
  });

  it("never retries the preset save", async () => {
    await gw("/__faults", { method: "POST", json: { path: "/presets/*/chat/completions", method: "POST", count: 1, status: 503 } });
    await expectError(await save(newSlug(), chat()), 503);
    const rules = (await json(await gw("/__faults"))) as { data: unknown[] };
    expect(rules.data).toHaveLength(0);
  });
});

describe("catalog", () => {
  it("serves video models with an ETag and answers 304 to If-None-Match", async () => {
    clearVideoModelsCache();
    const first = await listVideoModels(suite.bff.request("/api/videos/models", { role: "viewer" }), params({}));
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect(((await json(first)) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    const again = await listVideoModels(suite.bff.request("/api/videos/models", { role: "viewer", headers: { "if-none-match": etag } }), params({}));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("lists models and workspaces", async () => {
    const models = (await json(await listModels(suite.bff.request("/api/models", { role: "viewer" }), params({})))) as { data: { id: string }[] };
    expect(models.data.map((m) => m.id)).toContain("gatehouse/echo");
    const workspaces = await listWorkspaces(suite.bff.request("/api/workspaces", { role: "viewer" }), params({}));
    expect(((await json(workspaces)) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });
});

async function readEvents(response: Response): Promise<{ events: Record<string, unknown>[]; raw: string }> {
  const raw = await response.text();
  const events = raw
    .split("\n\n")
    .filter((b) => b.startsWith("data: ") && b !== "data: [DONE]")
    .map((b) => JSON.parse(b.slice(6)) as Record<string, unknown>);
  return { events, raw };
}

async function streams(): Promise<{ open: number; completed: number; aborted_by_client: number }> {
  return (await (await gw("/__debug/streams")).json()) as { open: number; completed: number; aborted_by_client: number };
}

describe("POST /api/responses", () => {
  const ask = (model: string, extra: Record<string, unknown> = {}) => ({ model, input: "What is Gatehouse?", stream: true, ...extra });

  it("relays the event stream with the headers that stop buffering and compression", async () => {
    const response = await postResponses(suite.bff.request("/api/responses", { role: "editor", json: ask("gatehouse/echo") }), params({}));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const { events, raw } = await readEvents(response);
    expect(raw.endsWith("data: [DONE]\n\n")).toBe(true);
    expect(events.map((e) => StreamEventSchema.parse(e).type).at(-1)).toBe("response.completed");
  });

  it("answers a non-streamed request with the response object", async () => {
    const response = await postResponses(suite.bff.request("/api/responses", { role: "editor", json: ask("gatehouse/echo", { stream: false }) }), params({}));
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ object: "response", status: "completed" });
  });

  it("the first event reaches the browser while the gateway is still generating", async () => {
    const before = await streams();
    const response = await postResponses(suite.bff.request("/api/responses", { role: "editor", json: ask("gatehouse/scholar") }), params({}));
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^data: \{"type":"response.created"/);
    const during = await streams();
    expect(during.open).toBe(before.open + 1); // the gateway has not finished: nothing was buffered
    expect(during.completed).toBe(before.completed);
    await reader.cancel();
  });

  it("a broken upstream stream ends with an error event, not a hang", async () => {
    // Cut after the first text deltas, so the gateway has sent its headers and the connection breaks mid-stream.
    await gw("/__faults", { method: "POST", json: { path: "/responses", method: "POST", count: 1, cut_stream_after_events: 6 } });
    const response = await postResponses(suite.bff.request("/api/responses", { role: "editor", json: ask("gatehouse/swift") }), params({}));
    expect(response.status).toBe(200);
    const { events, raw } = await readEvents(response);
    expect(events).toHaveLength(7);
    const last = StreamEventSchema.parse(events[6]);
    expect(last).toMatchObject({ type: "error", sequence_number: 6 });
    expect(raw.endsWith("data: [DONE]\n\n")).toBe(true);
  });

  it("aborting the browser request aborts the upstream within 100 ms", async () => {
    const before = await streams();
    const controller = new AbortController();
    const response = await postResponses(
      suite.bff.request("/api/responses", { role: "editor", json: ask("gatehouse/scholar"), signal: controller.signal }),
      params({}),
    );
    const reader = response.body!.getReader();
    await reader.read();
    const abortedAt = Date.now();
    controller.abort();
    await reader.cancel().catch(() => {});
    let after = await streams();
    while (after.aborted_by_client === before.aborted_by_client && Date.now() - abortedAt < 2000) {
      await new Promise((r) => setTimeout(r, 5));
      after = await streams();
    }
    expect(after.aborted_by_client).toBe(before.aborted_by_client + 1);
    expect(Date.now() - abortedAt).toBeLessThan(100);
  });

  it("bounds web search domain lists like the gateway: 100 entries of 512 characters, 400 naming the field", async () => {
    const domains = (count: number) => Array.from({ length: count }, (_, i) => `d${i}.example`);
    const web = (patch: Record<string, unknown>) => ({ plugins: [{ id: "web", ...patch }], stream: false });
    const ok = await postResponses(suite.bff.request("/api/responses", { role: "editor", json: ask("gatehouse/echo", web({ include_domains: domains(100) })) }), params({}));
    expect(ok.status).toBe(200);
    const tooMany = await expectError(
      await postResponses(suite.bff.request("/api/responses", { role: "editor", json: ask("gatehouse/echo", web({ include_domains: domains(101) })) }), params({})),
      400,
      /plugins\[0\]\.include_domains/,
    );
    expect(JSON.stringify(tooMany.metadata)).toContain("plugins[0].include_domains");
    await expectError(
      await postResponses(suite.bff.request("/api/responses", { role: "editor", json: ask("gatehouse/echo", web({ exclude_domains: ["a".repeat(513)] })) }), params({})),
      400,
      /plugins\[0\]\.exclude_domains\[0\] must be at most 512 characters/,
    );
    // The preset save parses the chat request with the same declaration.
    await expectError(await save(newSlug(), { ...chat(), plugins: [{ id: "web", include_domains: domains(101) }] }), 400, /plugins\[0\]\.include_domains/);
  });

  it("maps the gateway's 400 (unknown model) to the contract shape", async () => {
    await expectError(await postResponses(suite.bff.request("/api/responses", { role: "editor", json: ask("nobody/knows") }), params({})), 400, /model/);
  });
});

describe("users and me", () => {
  it("GET /api/me returns the session user", async () => {
    expect(await json(await getMe(suite.bff.request("/api/me", { role: "editor" }), params({})))).toEqual({
      user: { id: suite.bff.userIds.editor, email: "editor@test.local", name: "Test editor", role: "editor" },
    });
  });

  it("admins create, change and remove users; guard rails hold", async () => {
    const created = await createUser(suite.bff.request("/api/users", { role: "admin", json: { email: "New@Example.com", role: "viewer", password: "long-enough" } }), params({}));
    expect(created.status).toBe(201);
    const user = ((await json(created)).data as { id: string; email: string });
    expect(user.email).toBe("new@example.com");
    expect(JSON.stringify(user)).not.toMatch(/password|hash/);
    await expectError(await createUser(suite.bff.request("/api/users", { role: "admin", json: { email: "new@example.com", role: "viewer", password: "long-enough" } }), params({})), 409);
    await expectError(await createUser(suite.bff.request("/api/users", { role: "admin", json: { email: "x@example.com", role: "owner", password: "short" } }), params({})), 400, /role[\s\S]*password/);

    const patched = await updateUser(suite.bff.request(`/api/users/${user.id}`, { role: "admin", method: "PATCH", json: { role: "editor" } }), params({ id: user.id }));
    expect(((await json(patched)).data as { role: string }).role).toBe("editor");
    await expectError(await updateUser(suite.bff.request(`/api/users/${suite.bff.userIds.admin}`, { role: "admin", method: "PATCH", json: { role: "viewer" } }), params({ id: suite.bff.userIds.admin })), 409);
    await expectError(await deleteUser(suite.bff.request(`/api/users/${suite.bff.userIds.admin}`, { role: "admin", method: "DELETE" }), params({ id: suite.bff.userIds.admin })), 409);
    expect((await deleteUser(suite.bff.request(`/api/users/${user.id}`, { role: "admin", method: "DELETE" }), params({ id: user.id }))).status).toBe(204);
    await expectError(await deleteUser(suite.bff.request(`/api/users/${user.id}`, { role: "admin", method: "DELETE" }), params({ id: user.id })), 404);
    const list = (await json(await listUsers(suite.bff.request("/api/users", { role: "admin" }), params({})))) as { data: { email: string }[] };
    expect(list.data.map((u) => u.email)).toEqual(["admin@test.local", "editor@test.local", "viewer@test.local"]);
  });
});
