import { createHash } from "node:crypto";
import {
  ErrorBodySchema,
  FileDeleteResponseSchema,
  FileGetResponseSchema,
  FileListResponseSchema,
  MESSAGES,
  WorkspaceListResponseSchema,
  type GatewayFile,
} from "@/lib/contract/gateway";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedGateway } from "./server";
import { caller, startTestGateway, type Caller } from "./testing/harness";

let gateway: EmbeddedGateway;
let api: Caller;
let admin: Caller;
let researchId: string;

beforeAll(async () => {
  gateway = await startTestGateway({ demoFiles: 400, maxUploadBytes: 4096 });
  api = caller(gateway);
  admin = caller(gateway, gateway.managementKey);
  const workspaces = WorkspaceListResponseSchema.parse(await (await admin("/workspaces")).json());
  researchId = workspaces.data.find((w) => w.slug === "research")!.id;
});
afterAll(() => gateway.close());

async function error(response: Response) {
  return ErrorBodySchema.parse(await response.json()).error;
}

async function listAll(query = ""): Promise<GatewayFile[]> {
  const files: GatewayFile[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(query);
    params.set("limit", "1000");
    if (cursor) params.set("cursor", cursor);
    const page = FileListResponseSchema.parse(await (await api(`/files?${params}`)).json());
    files.push(...page.data);
    cursor = page.cursor;
  } while (cursor);
  return files;
}

function upload(name: string, bytes: Uint8Array | string, query = "") {
  const form = new FormData();
  form.set("file", new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name));
  return api(`/files${query}`, { method: "POST", body: form });
}

describe("GET /workspaces", () => {
  it("lists both workspaces for a management key and refuses a standard key", async () => {
    const list = WorkspaceListResponseSchema.parse(await (await admin("/workspaces")).json());
    expect(list.total_count).toBe(2);
    expect(list.data.map((w) => w.name)).toEqual(["Default workspace", "Research"]);
    const standard = await api("/workspaces");
    expect(standard.status).toBe(403);
    expect((await error(standard)).message).toBe(MESSAGES.forbiddenManagement);
  });
});

describe("GET /files", () => {
  it("pages newest first with a default page size of 100 and the contract's fields", async () => {
    const response = await api("/files");
    expect(response.status).toBe(200);
    const page = FileListResponseSchema.parse(await response.json());
    expect(page.data).toHaveLength(100);
    expect(page.has_more).toBe(true);
    expect(page.first_id).toBe(page.data[0].id);
    expect(page.last_id).toBe(page.data[99].id);
    expect(typeof page.cursor).toBe("string");
    const dates = page.data.map((f) => f.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const file of page.data) {
      expect(file.type).toBe("file");
      expect(file.size_bytes).toBeGreaterThan(0);
    }
  });

  it("returns every demo file once, ending with a null cursor", async () => {
    const files = await listAll();
    expect(files).toHaveLength(400);
    expect(new Set(files.map((f) => f.id)).size).toBe(400);
    const last = FileListResponseSchema.parse(await (await api(`/files?limit=1000`)).json());
    expect(last.has_more).toBe(false);
    expect(last.cursor).toBeNull();
  });

  it("spreads demo files over about a year with realistic names and types, some downloadable", async () => {
    const files = await listAll();
    const times = files.map((f) => Date.parse(f.created_at));
    const spanDays = (Math.max(...times) - Math.min(...times)) / 86_400_000;
    expect(spanDays).toBeGreaterThan(300);
    expect(spanDays).toBeLessThanOrEqual(366);
    expect(new Set(files.map((f) => f.mime_type)).size).toBeGreaterThan(8);
    const downloadable = files.filter((f) => f.downloadable).length;
    expect(downloadable).toBeGreaterThan(50);
    expect(downloadable).toBeLessThan(350);
    expect(files.every((f) => /\.[a-z0-9]+$/.test(f.filename))).toBe(true);
  });

  it("enforces limit 1..1000, naming limit", async () => {
    for (const limit of ["0", "1001", "-5", "ten", "1.5"]) {
      const response = await api(`/files?limit=${limit}`);
      expect(response.status, limit).toBe(400);
      expect((await error(response)).message).toContain("limit");
    }
    const one = FileListResponseSchema.parse(await (await api("/files?limit=1")).json());
    expect(one.data).toHaveLength(1);
    const max = FileListResponseSchema.parse(await (await api("/files?limit=1000")).json());
    expect(max.data).toHaveLength(400);
  });

  it("rejects a malformed, tampered or foreign cursor with 400 naming cursor", async () => {
    const first = FileListResponseSchema.parse(await (await api("/files?limit=5")).json());
    const cursor = first.cursor!;
    const [payload, signature] = cursor.split(".");
    const forged = Buffer.from(JSON.stringify({ v: 1, w: JSON.parse(Buffer.from(payload, "base64url").toString()).w, s: 1 })).toString("base64url");
    const flipped = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
    for (const bad of ["garbage", "%%%", `${forged}.${signature}`, `${payload}.${flipped}`, `${payload}`, "a.b.c"]) {
      const response = await api(`/files?cursor=${encodeURIComponent(bad)}`);
      expect(response.status, bad).toBe(400);
      expect((await error(response)).message).toContain("cursor");
    }
    const foreign = await api(`/files?cursor=${encodeURIComponent(cursor)}&workspace_id=${researchId}`);
    expect(foreign.status).toBe(400);
    const next = await api(`/files?limit=5&cursor=${encodeURIComponent(cursor)}`);
    expect(next.status).toBe(200);
  });

  it("scopes to workspace_id: the second workspace has its own files; unknown or malformed ids are 400 naming workspace_id", async () => {
    const research = await listAll(`workspace_id=${researchId}`);
    expect(research.length).toBe(300);
    const defaults = new Set((await listAll()).map((f) => f.id));
    expect(research.some((f) => defaults.has(f.id))).toBe(false);

    for (const id of ["not-a-uuid", crypto.randomUUID()]) {
      const response = await api(`/files?workspace_id=${id}`);
      expect(response.status, id).toBe(400);
      expect((await error(response)).message).toContain("workspace_id");
    }
  });

  it("needs a key", async () => {
    const response = await api("/files", { key: null });
    expect(response.status).toBe(401);
    expect(await error(response)).toEqual({ code: 401, message: MESSAGES.missingAuth });
  });
});

describe("file upload, read, download and delete", () => {
  it("stores an upload typed by its content, serves its exact bytes and deletes it", async () => {
    const text = "id,name\n1,Zoë 😀\n2,Ålesund\n";
    const created = await upload("people – 2025.csv", text);
    expect(created.status).toBe(200);
    const file = FileGetResponseSchema.parse(await created.json());
    expect(file).toMatchObject({ type: "file", filename: "people – 2025.csv", mime_type: "text/csv", size_bytes: Buffer.byteLength(text), downloadable: true });

    const first = FileListResponseSchema.parse(await (await api("/files?limit=1")).json());
    expect(first.data[0].id).toBe(file.id);

    const got = FileGetResponseSchema.parse(await (await api(`/files/${file.id}`)).json());
    expect(got).toEqual(file);

    const content = await api(`/files/${file.id}/content`);
    expect(content.status).toBe(200);
    expect(content.headers.get("content-type")).toBe("text/csv");
    expect(content.headers.get("content-disposition")).toContain("filename*=UTF-8''people%20%E2%80%93%202025.csv");
    expect(await content.text()).toBe(text);

    const deleted = await api(`/files/${file.id}`, { method: "DELETE" });
    expect(FileDeleteResponseSchema.parse(await deleted.json())).toEqual({ _shape: "openrouter", id: file.id, type: "file_deleted" });
    expect((await api(`/files/${file.id}`)).status).toBe(404);
    expect((await api(`/files/${file.id}/content`)).status).toBe(404);
    expect((await api(`/files/${file.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("types images, JSON and Markdown by their bytes, not their names", async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const cases: [string, Uint8Array | string, string][] = [
      ["picture.txt", png, "image/png"],
      ["data.bin", '{"a": [1, 2]}', "application/json"],
      ["events.log", '{"a":1}\n{"a":2}\n', "application/x-ndjson"],
      ["notes", "# Title\n\nSome *text*.\n", "text/markdown"],
      ["plain.md", "just words here", "text/plain"],
    ];
    for (const [name, bytes, mime] of cases) {
      const response = await upload(name, bytes);
      expect(response.status, name).toBe(200);
      expect(FileGetResponseSchema.parse(await response.json()).mime_type, name).toBe(mime);
    }
  });

  it("uploads into another workspace with workspace_id", async () => {
    const response = await upload("research-note.txt", "hello research", `?workspace_id=${researchId}`);
    const file = FileGetResponseSchema.parse(await response.json());
    expect((await api(`/files/${file.id}`)).status).toBe(404);
    expect((await api(`/files/${file.id}?workspace_id=${researchId}`)).status).toBe(200);
  });

  it("rejects empty, oversize, untyped and malformed uploads", async () => {
    const empty = await upload("empty.txt", "");
    expect(empty.status).toBe(400);
    expect((await error(empty)).message).toContain("file");

    const big = await upload("big.txt", "x".repeat(4097));
    expect(big.status).toBe(413);
    expect((await error(big)).code).toBe(413);

    const wayTooBig = await upload("huge.txt", "x".repeat(200_000));
    expect(wayTooBig.status).toBe(413);

    const binary = await upload("blob.bin", Uint8Array.from([0, 1, 2, 3, 255, 254]));
    expect(binary.status).toBe(400);

    const noFile = new FormData();
    noFile.set("other", "value");
    const missing = await api("/files", { method: "POST", body: noFile });
    expect(missing.status).toBe(400);
    expect((await error(missing)).message).toContain("file");

    const json = await api("/files", { method: "POST", json: { file: "nope" } });
    expect(json.status).toBe(400);
  });

  it("streams deterministic content of the stated size for a downloadable demo file, and 400 for the others", async () => {
    const files = await listAll();
    const downloadable = files.filter((f) => f.downloadable).sort((a, b) => a.size_bytes - b.size_bytes)[0];
    const first = await api(`/files/${downloadable.id}/content`);
    expect(first.status).toBe(200);
    expect(Number(first.headers.get("content-length"))).toBe(downloadable.size_bytes);
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(bytes.byteLength).toBe(downloadable.size_bytes);
    const again = new Uint8Array(await (await api(`/files/${downloadable.id}/content`)).arrayBuffer());
    const hash = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
    expect(hash(again)).toBe(hash(bytes));

    const locked = files.find((f) => !f.downloadable)!;
    const refused = await api(`/files/${locked.id}/content`);
    expect(refused.status).toBe(400);
    expect((await error(refused)).message).toContain("not downloadable");
  });
});

describe("GET /videos/models and GET /models", () => {
  it("serves 10 to 15 video models with every catalog field and revalidates with an ETag", async () => {
    const { VideoModelListResponseSchema } = await import("@/lib/contract/gateway");
    const response = await api("/videos/models");
    expect(response.status).toBe(200);
    const raw = (await response.json()) as { data: Record<string, unknown>[] };
    const list = VideoModelListResponseSchema.parse(raw);
    expect(list.data.length).toBeGreaterThanOrEqual(10);
    expect(list.data.length).toBeLessThanOrEqual(15);
    const fields = ["id", "canonical_slug", "name", "description", "created", "generate_audio", "pricing_skus", "seed", "supported_aspect_ratios", "supported_durations", "supported_frame_images", "supported_resolutions", "supported_sizes", "allowed_passthrough_parameters", "upscale_factor", "creativity", "hugging_face_id"];
    for (const model of raw.data) for (const field of fields) expect(model, `${model.id}.${field}`).toHaveProperty(field);
    const skus = new Set(list.data.flatMap((m) => Object.keys(m.pricing_skus ?? {})));
    expect(skus.size).toBeGreaterThan(10);
    expect(list.data.some((m) => m.upscale_factor)).toBe(true);

    const etag = response.headers.get("etag")!;
    const cached = await api("/videos/models", { headers: { "if-none-match": etag } });
    expect(cached.status).toBe(304);
  });

  it("lists the embedded language models with their first-token delay and rate", async () => {
    const { ModelListResponseSchema } = await import("@/lib/contract/gateway");
    const list = ModelListResponseSchema.parse(await (await api("/models")).json());
    expect(list.data.map((m) => m.id)).toEqual(["gatehouse/echo", "gatehouse/swift", "gatehouse/scholar", "gatehouse/judge"]);
    expect(list.data.every((m) => m.first_token_delay_ms !== undefined && m.tokens_per_second !== undefined)).toBe(true);
  });
});

describe("routing errors", () => {
  it("answers 404 for an unknown route and 405 for a wrong method, in the error shape", async () => {
    const unknown = await api("/nothing-here");
    expect(unknown.status).toBe(404);
    expect((await error(unknown)).code).toBe(404);
    const method = await api("/presets", { method: "DELETE" });
    expect(method.status).toBe(405);
    expect(method.headers.get("allow")).toBe("GET");
    expect((await error(method)).code).toBe(405);
    const put = await api("/files/abc", { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, DELETE");
  });
});
