import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "@/lib/contract/gateway";
import type { EmbeddedGateway } from "./server";
import { caller, readSse, startTestGateway, type Caller } from "./testing/harness";
import { OpenApiValidator } from "./testing/openapi-validator";

/**
 * Issue 13 A: every kind of answer the embedded gateway gives validates against the real gateway's
 * published OpenAPI (vendored in testing/openapi/ by scripts/vendor-openapi.ts). Each operation's
 * success and each error status it can produce, JSON bodies and every streamed event type. Answers the
 * OpenAPI does not declare for an operation are listed in UNDECLARED with the reason, and checked
 * against the contract's error shape (zod) instead; declared statuses the embedded gateway never
 * produces are listed in NOT_PRODUCED. The last test checks that the three lists cover the OpenAPI.
 */

let gateway: EmbeddedGateway;
let api: Caller;
let admin: Caller;
let anon: Caller;
const openapi = new OpenApiValidator();

/** Sizes small enough to provoke a 413 and a 429 cheaply. */
const MAX_UPLOAD_BYTES = 4096;

beforeAll(async () => {
  gateway = await startTestGateway({ maxUploadBytes: MAX_UPLOAD_BYTES, rateLimitPerMinute: 1000, videoTimeScale: 0, videoCreditsUsd: 5 });
  api = caller(gateway);
  admin = caller(gateway, gateway.managementKey);
  anon = caller(gateway, null);
});
afterAll(() => gateway.close());

/** The next request to `path` (relative to the API base) answers `status`: the real fault switch. */
async function fault(path: string, status: 429 | 500 | 503, method?: string) {
  const response = await admin("/__faults", { method: "POST", json: { path, count: 1, status, method } });
  expect(response.status).toBe(201);
}

interface Case {
  /** OpenAPI operation: method and path template. */
  op: `${"GET" | "POST" | "DELETE"} /${string}`;
  status: number;
  /** What provokes it. */
  how: string;
  send: () => Promise<Response>;
}

/** The oldest demo file: seeded server-side, so not downloadable. */
const firstFileId = async () => ((await (await api("/files?limit=1&order=asc")).json()) as { data: { id: string }[] }).data[0].id;
const notDownloadableId = async () => {
  const page = (await (await api("/files?limit=100&order=asc")).json()) as { data: { id: string; downloadable: boolean }[] };
  return page.data.find((file) => !file.downloadable)!.id;
};
const upload = (bytes: number, name = "note.txt") => {
  const form = new FormData();
  form.set("file", new Blob(["x".repeat(bytes)], { type: "text/plain" }), name);
  return api("/files", { method: "POST", body: form });
};
const firstPresetSlug = async () => ((await (await admin("/presets")).json()) as { data: { slug: string }[] }).data[0].slug;
const presetSave = { messages: [{ role: "system", content: "Be brief." }, { role: "user", content: "Hi" }], model: "gatehouse/swift" };
const answer = { model: "gatehouse/echo", input: "What is espresso?" };
/** $0.10 a clip, against $5 of demo credits; Veo 3.1 at 8 s ($6) is over them. */
const video = { model: "wan-ai/wan2.2-t2v-a14b", prompt: "A lighthouse in a storm", resolution: "480p" };
/** A completed video job (time scale 0: done once its clip is made). */
const completedVideo = async () => {
  const id = ((await (await api("/videos", { method: "POST", json: video })).json()) as { id: string }).id;
  for (let i = 0; i < 400; i++) {
    const job = (await (await api(`/videos/${id}`)).json()) as { status: string };
    if (job.status === "completed") return id;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`video job ${id} did not complete`);
};
/** The echo model repeats its input: this one is longer than 16 tokens, so max_output_tokens 16 cuts it short. */
const longAnswer = { model: "gatehouse/echo", input: "Espresso is coffee brewed by forcing hot water through finely ground beans under pressure, in about thirty seconds.", max_output_tokens: 16 };

const CASES: Case[] = [
  // GET /files
  { op: "GET /files", status: 200, how: "a page", send: () => api("/files?limit=3") },
  { op: "GET /files", status: 200, how: "order=desc", send: () => api("/files?limit=3&order=desc") },
  { op: "GET /files", status: 400, how: "an unknown order", send: () => api("/files?order=sideways") },
  { op: "GET /files", status: 401, how: "no key", send: () => anon("/files") },
  { op: "GET /files", status: 429, how: "fault", send: async () => (await fault("/files", 429, "GET"), api("/files")) },
  { op: "GET /files", status: 500, how: "fault", send: async () => (await fault("/files", 500, "GET"), api("/files")) },
  { op: "GET /files", status: 503, how: "fault", send: async () => (await fault("/files", 503, "GET"), api("/files")) },
  // POST /files
  { op: "POST /files", status: 200, how: "an upload", send: () => upload(100) },
  { op: "POST /files", status: 400, how: "not multipart", send: () => api("/files", { method: "POST", body: "x", headers: { "content-type": "text/plain" } }) },
  { op: "POST /files", status: 401, how: "no key", send: () => anon("/files", { method: "POST", body: new FormData() }) },
  { op: "POST /files", status: 413, how: "over the size limit", send: () => upload(MAX_UPLOAD_BYTES * 2) },
  { op: "POST /files", status: 429, how: "fault", send: async () => (await fault("/files", 429, "POST"), upload(10)) },
  { op: "POST /files", status: 500, how: "fault", send: async () => (await fault("/files", 500, "POST"), upload(10)) },
  { op: "POST /files", status: 503, how: "fault", send: async () => (await fault("/files", 503, "POST"), upload(10)) },
  // GET/DELETE /files/{file_id}, content
  { op: "GET /files/{file_id}", status: 200, how: "a file", send: async () => api(`/files/${await firstFileId()}`) },
  { op: "GET /files/{file_id}", status: 401, how: "no key", send: async () => anon(`/files/${await firstFileId()}`) },
  { op: "GET /files/{file_id}", status: 404, how: "an unknown id", send: () => api("/files/or_file_doesnotexist") },
  { op: "GET /files/{file_id}", status: 429, how: "fault", send: async () => (await fault("/files/*", 429, "GET"), api("/files/x")) },
  { op: "GET /files/{file_id}", status: 500, how: "fault", send: async () => (await fault("/files/*", 500, "GET"), api("/files/x")) },
  { op: "GET /files/{file_id}", status: 503, how: "fault", send: async () => (await fault("/files/*", 503, "GET"), api("/files/x")) },
  { op: "DELETE /files/{file_id}", status: 200, how: "a delete", send: async () => api(`/files/${((await (await upload(5)).json()) as { id: string }).id}`, { method: "DELETE" }) },
  { op: "DELETE /files/{file_id}", status: 401, how: "no key", send: () => anon("/files/x", { method: "DELETE" }) },
  { op: "DELETE /files/{file_id}", status: 404, how: "an unknown id", send: () => api("/files/or_file_doesnotexist", { method: "DELETE" }) },
  { op: "DELETE /files/{file_id}", status: 429, how: "fault", send: async () => (await fault("/files/*", 429, "DELETE"), api("/files/x", { method: "DELETE" })) },
  { op: "DELETE /files/{file_id}", status: 500, how: "fault", send: async () => (await fault("/files/*", 500, "DELETE"), api("/files/x", { method: "DELETE" })) },
  { op: "DELETE /files/{file_id}", status: 503, how: "fault", send: async () => (await fault("/files/*", 503, "DELETE"), api("/files/x", { method: "DELETE" })) },
  { op: "GET /files/{file_id}/content", status: 200, how: "an uploaded file's bytes", send: async () => api(`/files/${((await (await upload(5)).json()) as { id: string }).id}/content`) },
  { op: "GET /files/{file_id}/content", status: 400, how: "a file that is not downloadable", send: async () => api(`/files/${await notDownloadableId()}/content`) },
  { op: "GET /files/{file_id}/content", status: 401, how: "no key", send: () => anon("/files/x/content") },
  { op: "GET /files/{file_id}/content", status: 404, how: "an unknown id", send: () => api("/files/or_file_doesnotexist/content") },
  { op: "GET /files/{file_id}/content", status: 429, how: "fault", send: async () => (await fault("/files/*/content", 429), api("/files/x/content")) },
  { op: "GET /files/{file_id}/content", status: 500, how: "fault", send: async () => (await fault("/files/*/content", 500), api("/files/x/content")) },
  { op: "GET /files/{file_id}/content", status: 503, how: "fault", send: async () => (await fault("/files/*/content", 503), api("/files/x/content")) },
  // Presets
  { op: "GET /presets", status: 200, how: "the list", send: () => admin("/presets") },
  { op: "GET /presets", status: 400, how: "limit=0", send: () => admin("/presets?limit=0") },
  { op: "GET /presets", status: 401, how: "no key", send: () => anon("/presets") },
  { op: "GET /presets", status: 500, how: "fault", send: async () => (await fault("/presets", 500), admin("/presets")) },
  { op: "GET /presets/{slug}", status: 200, how: "a preset", send: async () => admin(`/presets/${await firstPresetSlug()}`) },
  { op: "GET /presets/{slug}", status: 401, how: "no key", send: () => anon("/presets/x") },
  { op: "GET /presets/{slug}", status: 404, how: "an unknown slug", send: () => admin("/presets/no-such-preset") },
  { op: "GET /presets/{slug}", status: 500, how: "fault", send: async () => (await fault("/presets/*", 500), admin("/presets/x")) },
  { op: "POST /presets/{slug}/chat/completions", status: 200, how: "a save", send: () => admin("/presets/conformance/chat/completions", { method: "POST", json: presetSave }) },
  { op: "POST /presets/{slug}/chat/completions", status: 400, how: "no messages", send: () => admin("/presets/conformance/chat/completions", { method: "POST", json: { model: "gatehouse/swift" } }) },
  { op: "POST /presets/{slug}/chat/completions", status: 401, how: "no key", send: () => anon("/presets/x/chat/completions", { method: "POST", json: presetSave }) },
  { op: "POST /presets/{slug}/chat/completions", status: 403, how: "an API key, not a management key", send: () => api("/presets/x/chat/completions", { method: "POST", json: presetSave }) },
  { op: "POST /presets/{slug}/chat/completions", status: 409, how: "a stale If-Match", send: () => admin("/presets/conformance/chat/completions", { method: "POST", json: presetSave, headers: { "if-match": '"stale-version"' } }) },
  { op: "POST /presets/{slug}/chat/completions", status: 500, how: "fault", send: async () => (await fault("/presets/*/chat/completions", 500), admin("/presets/x/chat/completions", { method: "POST", json: presetSave })) },
  { op: "GET /presets/{slug}/versions", status: 200, how: "the history", send: async () => admin(`/presets/${await firstPresetSlug()}/versions`) },
  { op: "GET /presets/{slug}/versions", status: 400, how: "limit=0", send: async () => admin(`/presets/${await firstPresetSlug()}/versions?limit=0`) },
  { op: "GET /presets/{slug}/versions", status: 401, how: "no key", send: () => anon("/presets/x/versions") },
  { op: "GET /presets/{slug}/versions", status: 404, how: "an unknown slug", send: () => admin("/presets/no-such-preset/versions") },
  { op: "GET /presets/{slug}/versions", status: 500, how: "fault", send: async () => (await fault("/presets/*/versions", 500), admin("/presets/x/versions")) },
  { op: "GET /presets/{slug}/versions/{version}", status: 200, how: "version 1", send: async () => admin(`/presets/${await firstPresetSlug()}/versions/1`) },
  { op: "GET /presets/{slug}/versions/{version}", status: 400, how: "a version that is not a number", send: async () => admin(`/presets/${await firstPresetSlug()}/versions/abc`) },
  { op: "GET /presets/{slug}/versions/{version}", status: 401, how: "no key", send: () => anon("/presets/x/versions/1") },
  { op: "GET /presets/{slug}/versions/{version}", status: 404, how: "a version that does not exist", send: async () => admin(`/presets/${await firstPresetSlug()}/versions/999`) },
  { op: "GET /presets/{slug}/versions/{version}", status: 500, how: "fault", send: async () => (await fault("/presets/*/versions/*", 500), admin("/presets/x/versions/1")) },
  // Responses (JSON; the streamed events have their own tests below)
  { op: "POST /responses", status: 200, how: "an answer", send: () => api("/responses", { method: "POST", json: answer }) },
  { op: "POST /responses", status: 200, how: "with the web plugin", send: () => api("/responses", { method: "POST", json: { ...answer, plugins: [{ id: "web", max_results: 2 }] } }) },
  { op: "POST /responses", status: 200, how: "with the openrouter:web_search server tool", send: () => api("/responses", { method: "POST", json: { ...answer, tools: [{ type: "openrouter:web_search", parameters: { max_results: 2 } }] } }) },
  { op: "POST /responses", status: 200, how: "cut short by max_output_tokens (incomplete)", send: () => api("/responses", { method: "POST", json: longAnswer }) },
  { op: "POST /responses", status: 200, how: "a pinned preset version, with a seed and a temperature", send: () => api("/responses", { method: "POST", json: { model: "@preset/web-research@1", input: "What is keyset pagination?", seed: 3, temperature: 0.9, max_output_tokens: 40 } }) },
  { op: "POST /responses", status: 400, how: "no input", send: () => api("/responses", { method: "POST", json: { model: "gatehouse/echo" } }) },
  { op: "POST /responses", status: 400, how: "store: true", send: () => api("/responses", { method: "POST", json: { ...answer, store: true } }) },
  { op: "POST /responses", status: 400, how: "previous_response_id", send: () => api("/responses", { method: "POST", json: { ...answer, previous_response_id: "resp_123" } }) },
  { op: "POST /responses", status: 401, how: "no key", send: () => anon("/responses", { method: "POST", json: answer }) },
  { op: "POST /responses", status: 413, how: "a body over the JSON limit", send: () => api("/responses", { method: "POST", json: { ...answer, input: "x".repeat(5_000_000) } }) },
  { op: "POST /responses", status: 429, how: "fault", send: async () => (await fault("/responses", 429), api("/responses", { method: "POST", json: answer })) },
  { op: "POST /responses", status: 500, how: "fault", send: async () => (await fault("/responses", 500), api("/responses", { method: "POST", json: answer })) },
  { op: "POST /responses", status: 503, how: "fault", send: async () => (await fault("/responses", 503), api("/responses", { method: "POST", json: answer })) },
  // Video generation
  { op: "POST /videos", status: 202, how: "a job", send: () => api("/videos", { method: "POST", json: video }) },
  { op: "POST /videos", status: 400, how: "a duration the model does not support", send: () => api("/videos", { method: "POST", json: { ...video, duration: 4 } }) },
  { op: "POST /videos", status: 401, how: "no key", send: () => anon("/videos", { method: "POST", json: video }) },
  { op: "POST /videos", status: 402, how: "an estimate over the key's demo credits", send: () => api("/videos", { method: "POST", json: { model: "google/veo-3.1", prompt: "x", duration: 8 } }) },
  { op: "POST /videos", status: 429, how: "fault", send: async () => (await fault("/videos", 429, "POST"), api("/videos", { method: "POST", json: video })) },
  { op: "POST /videos", status: 500, how: "fault", send: async () => (await fault("/videos", 500, "POST"), api("/videos", { method: "POST", json: video })) },
  { op: "GET /videos/{jobId}", status: 200, how: "a completed job", send: async () => api(`/videos/${await completedVideo()}`) },
  { op: "GET /videos/{jobId}", status: 401, how: "no key", send: () => anon("/videos/job-x") },
  { op: "GET /videos/{jobId}", status: 404, how: "an unknown job", send: () => api("/videos/job-000000000000000000000000") },
  { op: "GET /videos/{jobId}", status: 500, how: "fault", send: async () => (await fault("/videos/*", 500, "GET"), api("/videos/job-x")) },
  { op: "GET /videos/{jobId}/content", status: 200, how: "the clip", send: async () => api(`/videos/${await completedVideo()}/content`) },
  { op: "GET /videos/{jobId}/content", status: 400, how: "index 1 of a one-video job", send: async () => api(`/videos/${await completedVideo()}/content?index=1`) },
  { op: "GET /videos/{jobId}/content", status: 401, how: "no key", send: () => anon("/videos/job-x/content") },
  { op: "GET /videos/{jobId}/content", status: 404, how: "an unknown job", send: () => api("/videos/job-000000000000000000000000/content") },
  { op: "GET /videos/{jobId}/content", status: 500, how: "fault", send: async () => (await fault("/videos/*/content", 500), api("/videos/job-x/content")) },
  // Catalogs and workspaces
  { op: "GET /models", status: 200, how: "without a key, as on the real gateway", send: () => anon("/models") },
  { op: "GET /models", status: 500, how: "fault", send: async () => (await fault("/models", 500), api("/models")) },
  { op: "GET /videos/models", status: 200, how: "without a key", send: () => anon("/videos/models") },
  { op: "GET /videos/models", status: 500, how: "fault", send: async () => (await fault("/videos/models", 500), api("/videos/models")) },
  { op: "GET /workspaces", status: 200, how: "a management key", send: () => admin("/workspaces") },
  { op: "GET /workspaces", status: 401, how: "no key", send: () => anon("/workspaces") },
  { op: "GET /workspaces", status: 500, how: "fault", send: async () => (await fault("/workspaces", 500), admin("/workspaces")) },
];

/** Answers the embedded gateway gives that the OpenAPI does not declare for the operation, and why. */
const UNDECLARED: Record<string, string> = {
  "GET /workspaces 403": "an API key asks: the real gateway lists workspaces only for a management key, and answers 403 (its docs), though the OpenAPI lists no 403",
  "GET /videos/{jobId}/content 206": "a Range request (players seek with them); the OpenAPI declares only the whole body",
  "GET /videos/{jobId}/content 416": "a Range that starts past the end of the clip",
};
const UNDECLARED_CASES: Case[] = [
  { op: "GET /workspaces", status: 403, how: "an API key", send: () => api("/workspaces") },
  { op: "GET /videos/{jobId}/content", status: 206, how: "a Range request", send: async () => api(`/videos/${await completedVideo()}/content`, { headers: { range: "bytes=0-99" } }) },
  { op: "GET /videos/{jobId}/content", status: 416, how: "a Range past the end", send: async () => api(`/videos/${await completedVideo()}/content`, { headers: { range: "bytes=999999999-" } }) },
];

/** Statuses the OpenAPI declares that the embedded gateway never produces, and why. */
const NOT_PRODUCED: Record<string, string> = {
  "502": "Bad Gateway: the embedded gateway has no upstream provider to fail",
  "402": "Payment Required: only video generation spends (demo) credits",
  "408": "Request Timeout: answers are generated locally and never time out",
  "422": "Unprocessable Entity: every invalid body is a 400 naming the field",
  "524": "Provider timeout (Cloudflare): no upstream provider",
  "529": "Provider overloaded: no upstream provider",
  "GET /files 403": "workspace access: the embedded gateway's keys reach every workspace (strict mode refuses, tested with it)",
  "POST /files 403": "workspace access: as above",
  "GET /files/{file_id} 403": "workspace access: as above",
  "DELETE /files/{file_id} 403": "workspace access: as above",
  "GET /files/{file_id}/content 403": "workspace access: as above",
  "GET /presets/{slug} 400": "every slug is a valid lookup; an unknown one is a 404",
  "POST /presets/{slug}/chat/completions 404": "saving to a new slug creates the preset",
  "POST /responses 403": "no moderation or key restrictions to refuse with",
  "POST /responses 404": "an unknown model is a 400 naming the model field",
  "GET /models 403": "the catalog is public",
  "GET /models 400": "as above: unknown parameters are ignored",
  "GET /videos/models 400": "takes no parameters",
  "POST /videos 404": "an unknown model is a 400 naming the model field, as on POST /responses",
};

const APPLICATION_JSON = "application/json";

async function check(c: Case): Promise<void> {
  const response = await c.send();
  const body = await response.arrayBuffer();
  expect(response.status, `${c.op} (${c.how})`).toBe(c.status);
  const [method, template] = c.op.split(" ");
  const contentType = (response.headers.get("content-type") ?? "").split(";")[0].trim();
  const declared = openapi.statuses(method, template).includes(String(c.status));
  if (!declared) {
    expect(UNDECLARED[`${c.op} ${c.status}`], `${c.op} ${c.status} is not in the OpenAPI: list it in UNDECLARED with the reason`).toBeDefined();
    // A 206 carries bytes; any other undeclared answer is an error in the contract's shape.
    if (c.status !== 206) expect(ErrorBodySchema.safeParse(JSON.parse(Buffer.from(body).toString("utf8"))).success).toBe(true);
    return;
  }
  if (contentType !== APPLICATION_JSON) {
    // File bytes: what the OpenAPI says is the content type's business, not a JSON schema's.
    expect(openapi.declaresContent(method, template, c.status, contentType) || openapi.declaresBinary(method, template, c.status), `${c.op} ${c.status} ${contentType}`).toBe(true);
    return;
  }
  const json = JSON.parse(Buffer.from(body).toString("utf8")) as unknown;
  const result = openapi.validate(method, template, c.status, APPLICATION_JSON, json);
  expect(result.errors, `${c.op} ${c.status} (${c.how})`).toBe("");
}

describe("every answer validates against the real gateway's OpenAPI", () => {
  for (const c of [...CASES, ...UNDECLARED_CASES]) {
    it(`${c.op} ${c.status}: ${c.how}`, () => check(c));
  }
});

describe("every streamed event validates as the OpenAPI's ResponsesStreamingResponse", () => {
  const seen = new Set<string>();
  const streams: [string, Record<string, unknown>][] = [
    ["a plain answer", { ...answer }],
    ["the web plugin (web_search_call item and events)", { ...answer, model: "gatehouse/swift", plugins: [{ id: "web", max_results: 3 }] }],
    ["the openrouter:web_search server tool (its own item)", { ...answer, model: "gatehouse/swift", tools: [{ type: "openrouter:web_search" }] }],
    ["the :online suffix", { ...answer, model: "gatehouse/swift:online" }],
    ["a Markdown answer from the scholar model", { ...answer, model: "gatehouse/scholar" }],
    ["the judge model (a JSON verdict)", { model: "gatehouse/judge", input: "<rubric>\nsalt pepper\n</rubric>\n<answer>\nsalt\n</answer>" }],
    ["cut short by max_output_tokens (response.incomplete)", longAnswer],
  ];
  for (const [name, body] of streams) {
    it(name, async () => {
      const response = await api("/responses", { method: "POST", json: { ...body, stream: true } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(openapi.declaresContent("POST", "/responses", 200, "text/event-stream")).toBe(true);
      const read = await readSse(response);
      expect(read.done).toBe(true);
      for (const event of read.events) {
        seen.add(String(event.type));
        const result = openapi.validate("POST", "/responses", 200, "text/event-stream", { data: event });
        expect(result.errors, `${String(event.type)} #${String(event.sequence_number)}`).toBe("");
      }
    });
  }

  it("a stream that fails midway ends with an error event the OpenAPI knows", async () => {
    await admin("/__faults", { method: "POST", json: { path: "/responses", count: 1, cut_stream_after_events: 4 } });
    const response = await api("/responses", { method: "POST", json: { ...answer, stream: true } });
    const read = await readSse(response);
    const last = read.events.at(-1);
    // A cut stream either breaks the connection or ends with an error event; whatever was sent validates.
    for (const event of read.events) {
      seen.add(String(event.type));
      expect(openapi.validate("POST", "/responses", 200, "text/event-stream", { data: event }).errors).toBe("");
    }
    expect(read.events.length).toBeGreaterThanOrEqual(4);
    expect(last).toBeDefined();
  });

  it("covered every event type the embedded gateway emits", () => {
    expect([...seen].sort()).toEqual(
      [
        "response.created",
        "response.in_progress",
        "response.output_item.added",
        "response.web_search_call.in_progress",
        "response.web_search_call.searching",
        "response.web_search_call.completed",
        "response.output_item.done",
        "response.content_part.added",
        "response.output_text.delta",
        "response.output_text.annotation.added",
        "response.output_text.done",
        "response.content_part.done",
        "response.completed",
        "response.incomplete",
      ].sort(),
    );
  });
});

describe("coverage", () => {
  it("each status each implemented operation declares is produced and validated, or listed with the reason it is not", () => {
    const covered = new Set(CASES.map((c) => `${c.op} ${c.status}`));
    const missing: string[] = [];
    for (const op of new Set(CASES.map((c) => c.op))) {
      const [method, template] = op.split(" ");
      for (const status of openapi.statuses(method, template)) {
        const key = `${op} ${status}`;
        if (!covered.has(key) && !NOT_PRODUCED[key] && !NOT_PRODUCED[status]) missing.push(key);
      }
    }
    expect(missing).toEqual([]);
    expect(openapi.operations().sort()).toEqual([...new Set(CASES.map((c) => c.op))].sort());
  });
});
