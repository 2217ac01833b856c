import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FileGetResponseSchema, FileListResponseSchema, PresetEnvelopeSchema } from "@/lib/contract/gateway";
import { afterAll, expect, it } from "vitest";
import { MIGRATIONS } from "./migrations";
import { startEmbeddedGateway } from "./server";
import { caller } from "./testing/harness";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gatehouse-gateway-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const start = (extra: Parameters<typeof startEmbeddedGateway>[0] = {}) =>
  startEmbeddedGateway({ dataDir, port: 0, demoFiles: 50, corpus: "fixed", ...extra });

async function count(api: ReturnType<typeof caller>) {
  return FileListResponseSchema.parse(await (await api("/files?limit=1000")).json()).data.length;
}

it("keeps presets, files and generated keys across a restart; keys are stored hashed", async () => {
  const first = await start();
  const admin = caller(first, first.managementKey);
  const created = PresetEnvelopeSchema.parse(
    await (await admin("/presets/survivor/chat/completions", { method: "POST", json: { model: "gatehouse/echo", messages: [{ role: "user", content: "hi" }] } })).json(),
  ).data;
  const form = new FormData();
  form.set("file", new File(["persisted bytes ✓"], "keep.txt"));
  const file = FileGetResponseSchema.parse(await (await caller(first)("/files", { method: "POST", body: form })).json());
  const before = await count(caller(first));
  await first.close();

  const keysFile = path.join(dataDir, "embedded-gateway-keys.json");
  expect(fs.statSync(keysFile).mode & 0o777).toBe(0o600);
  expect(JSON.parse(fs.readFileSync(keysFile, "utf8"))).toEqual({ apiKey: first.apiKey, managementKey: first.managementKey });
  // Uploads are received in upload-tmp and stored in the database: nothing is left behind there.
  expect(fs.readdirSync(path.join(dataDir, "upload-tmp"))).toEqual([]);
  for (const name of fs.readdirSync(dataDir).filter((n) => n !== "embedded-gateway-keys.json" && n !== "upload-tmp")) {
    const bytes = fs.readFileSync(path.join(dataDir, name)).toString("latin1");
    expect(bytes.includes(first.apiKey), name).toBe(false);
    expect(bytes.includes(first.managementKey), name).toBe(false);
  }

  const db = new Database(path.join(dataDir, "embedded-gateway.db"), { readonly: true });
  expect(db.prepare("SELECT version FROM schema_migrations ORDER BY version").pluck().all()).toEqual(MIGRATIONS.map((m) => m.version));
  db.close();

  const second = await start();
  expect(second.apiKey).toBe(first.apiKey);
  expect(second.managementKey).toBe(first.managementKey);
  const api = caller(second);
  const preset = PresetEnvelopeSchema.parse(await (await api("/presets/survivor")).json()).data;
  expect(preset.designated_version_id).toBe(created.designated_version_id);
  expect(await (await api(`/files/${file.id}/content`)).text()).toBe("persisted bytes ✓");
  // Demo data is seeded once: a restart adds nothing.
  expect(await count(api)).toBe(before);
  await second.close();

  // Keys given explicitly replace the generated ones for that start, without touching the keys file.
  const fixed = await start({ apiKey: "fixed-api-key-for-test", managementKey: "fixed-mgmt-key-for-test" });
  expect((await caller(fixed)("/presets")).status).toBe(200);
  expect((await caller(fixed, first.apiKey)("/presets")).status).toBe(401);
  await fixed.close();
  expect(JSON.parse(fs.readFileSync(keysFile, "utf8")).apiKey).toBe(first.apiKey);
});

it("refuses a port that is taken, with the error and without leaking the database", async () => {
  const holder = await start();
  await expect(start({ port: holder.port })).rejects.toThrow(/EADDRINUSE/);
  await holder.close();
});
