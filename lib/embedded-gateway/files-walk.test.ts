import { FileGetResponseSchema, FileListResponseSchema, type GatewayFile } from "@/lib/contract/gateway";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createRng } from "./random";
import type { EmbeddedGateway } from "./server";
import { caller, startTestGateway, type Caller } from "./testing/harness";

let gateway: EmbeddedGateway;
let api: Caller;

beforeAll(async () => {
  gateway = await startTestGateway({ demoFiles: 25_000 });
  api = caller(gateway);
});
afterAll(() => gateway.close());

async function page(limit: number, cursor: string | null) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set("cursor", cursor);
  const response = await api(`/files?${params}`);
  expect(response.status).toBe(200);
  return FileListResponseSchema.parse(await response.json());
}

async function snapshot(): Promise<GatewayFile[]> {
  const all: GatewayFile[] = [];
  let cursor: string | null = null;
  do {
    const next = await page(1000, cursor);
    all.push(...next.data);
    cursor = next.cursor;
  } while (cursor);
  return all;
}

it("walks all 25,000 demo files exactly once while other requests insert and delete files", async () => {
  const before = await snapshot();
  expect(before.length).toBe(25_000);
  const rng = createRng(7);
  const deleted = new Set<string>();
  const inserted = new Set<string>();
  const seen = new Map<string, number>();
  let lastCreated = Infinity;

  // Writers run concurrently with the walk: uploads (which land at the top of the order) and
  // deletions of random files, both ahead of the walk's position and behind it.
  let walking = true;
  const writer = async (seed: number) => {
    const local = createRng(seed);
    while (walking) {
      if (local.chance(0.5)) {
        const form = new FormData();
        form.set("file", new File([`note ${local.next()}`], `during-walk-${local.int(1, 1e6)}.txt`));
        const response = await api("/files", { method: "POST", body: form });
        inserted.add(FileGetResponseSchema.parse(await response.json()).id);
      } else {
        const victim = before[local.int(0, before.length - 1)].id;
        if (deleted.has(victim)) continue;
        deleted.add(victim);
        const response = await api(`/files/${victim}`, { method: "DELETE" });
        expect(response.status).toBe(200);
      }
    }
  };
  let writers: Promise<void>[] = [];

  let cursor: string | null = null;
  let pages = 0;
  do {
    // Writers start once the walk has a position: everything they upload is newer than it.
    if (pages === 1) writers = [writer(1), writer(2), writer(3)];
    // Page sizes vary so that page boundaries fall anywhere.
    const next = await page(rng.int(150, 1000), cursor);
    for (const file of next.data) {
      seen.set(file.id, (seen.get(file.id) ?? 0) + 1);
      const created = Date.parse(file.created_at);
      expect(created).toBeLessThanOrEqual(lastCreated);
      lastCreated = created;
    }
    cursor = next.cursor;
    pages++;
  } while (cursor);
  walking = false;
  await Promise.all(writers);

  expect(pages).toBeGreaterThan(25);
  expect(deleted.size).toBeGreaterThan(20);
  expect(inserted.size).toBeGreaterThan(20);
  const twice = [...seen].filter(([, n]) => n > 1);
  expect(twice).toEqual([]);
  const presentThroughout = before.filter((f) => !deleted.has(f.id));
  const missed = presentThroughout.filter((f) => !seen.has(f.id));
  expect(missed).toEqual([]);
  // Files uploaded after the walk started sort above its position, so it never meets them.
  expect([...inserted].filter((id) => seen.has(id))).toEqual([]);
  const known = new Set(before.map((f) => f.id));
  expect([...seen.keys()].filter((id) => !known.has(id))).toEqual([]);
}, 120_000);
