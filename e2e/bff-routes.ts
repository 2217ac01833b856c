import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, type Role } from "./fixtures";

/** Every /api route with the least role it needs and a call that exercises it (auth matrix, key-leak check). */

export type Caller = Role | null;
export const CALLERS: Caller[] = [null, "viewer", "editor", "admin"];
export const RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };

export interface Row {
  route: string;
  /** Least role; "public" routes answer everyone. */
  role: Role | "public";
  /** Statuses the route gives a caller who may use it. */
  ok: number[];
  call: (api: APIRequestContext, caller: Caller, ctx: RouteContext) => Promise<APIResponse>;
}

const unique = (caller: Caller) => `${caller ?? "anon"}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
const SEEDED_SLUG = "echo-debug";
export const chat = { model: "gatehouse/echo", messages: [{ role: "system", content: "Matrix test." }] };

async function upload(api: APIRequestContext, name: string): Promise<APIResponse> {
  return api.post("/api/files", { multipart: { file: { name, mimeType: "text/plain", buffer: Buffer.from(`auth matrix ${name}\n`) } } });
}

/** Ids the rows need, made with the admin's session (so a refused caller cannot be the one creating them). */
async function adminUploadId(admin: APIRequestContext, name: string): Promise<string> {
  const response = await upload(admin, name);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function adminUserId(admin: APIRequestContext, caller: Caller): Promise<string> {
  const response = await admin.post("/api/users", { data: { email: `${unique(caller)}@matrix.test`, role: "viewer", password: "matrix-password" } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** A 1×1 PNG, the smallest first frame a video model takes. */
const PIXEL_PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==";

/** One video generation (the cheapest model, 4 s, a first frame) submitted with `api`'s session. */
async function submitGeneration(api: APIRequestContext, caller: Caller): Promise<APIResponse> {
  return api.post("/api/videos/generations", {
    data: { prompt: `Auth matrix ${unique(caller)}`, models: ["google/veo-3.1-fast"], settings: { duration: 4, resolution: "720p", aspect_ratio: "16:9", first_frame: PIXEL_PNG } },
    headers: { "Idempotency-Key": unique(caller) },
  });
}

async function generationOf(response: APIResponse): Promise<{ id: string; jobs: { job_id: string | null }[] }> {
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { data: { id: string; jobs: { job_id: string | null }[] } }).data;
}

/** What the rows need: the admin's API client (to create what a caller deletes), a downloadable file, a video generation. */
export interface RouteContext {
  admin: APIRequestContext;
  downloadableId: string;
  /** Submitted by the admin on first use (only the video rows need one, and each makes clips). */
  generation: () => Promise<{ id: string; jobId: string }>;
}

export async function routeContext(admin: APIRequestContext): Promise<RouteContext> {
  const page = (await (await admin.get("/api/files?limit=50")).json()) as { data: { id: string; downloadable: boolean }[] };
  let generation: Promise<{ id: string; jobId: string }> | undefined;
  const submitOnce = async () => {
    const { id, jobs } = await generationOf(await submitGeneration(admin, "admin"));
    return { id, jobId: jobs[0].job_id! };
  };
  return { admin, downloadableId: page.data.find((f) => f.downloadable)!.id, generation: () => (generation ??= submitOnce()) };
}

/** A question set of `questions` questions, made by the admin (evaluation rows). */
async function adminQuestionSetId(admin: APIRequestContext, caller: Caller, questions = 1): Promise<string> {
  const rows = Array.from({ length: questions }, (_, index) => ({ question: `Auth matrix question ${index + 1}: how does keyset pagination work?` }));
  const response = await admin.post("/api/evaluations/question-sets", { data: { name: `matrix ${unique(caller)}`, rows } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { set_id: string } }).data.set_id;
}

/** An evaluation run of the free echo model over `setId`, started with `api`'s session. */
function startEvaluationRun(api: APIRequestContext, setId: string): Promise<APIResponse> {
  return api.post("/api/evaluations/runs", { data: { set_id: setId, models: ["gatehouse/echo"], concurrency: 1, cap_usd: 1 } });
}

async function adminEvaluationRunId(admin: APIRequestContext, caller: Caller, questions = 1): Promise<string> {
  const response = await startEvaluationRun(admin, await adminQuestionSetId(admin, caller, questions));
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/**
 * A run the caller may write to (cancel, re-score, designate, rename: its starter or an admin): an editor's own,
 * started with its session; anyone else gets the admin's (an admin may write to it, the others are refused anyway).
 */
async function writableEvaluationRunId(api: APIRequestContext, caller: Caller, ctx: RouteContext, plan: Record<string, unknown> = { models: ["gatehouse/echo"] }): Promise<string> {
  const starter = caller === "editor" ? api : ctx.admin;
  const response = await starter.post("/api/evaluations/runs", { data: { set_id: await adminQuestionSetId(ctx.admin, caller), concurrency: 1, cap_usd: 1, ...plan } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** A slug of this call's own, for a gate nobody else reads (a gate is stored per slug, the gateway is not asked). */
const gateSlug = (caller: Caller) => `matrix-gate-${unique(caller)}`.toLowerCase().replace(/[^a-z0-9-]/g, "-");

export const ROWS: Row[] = [
  { route: "GET /api/health", role: "public", ok: [200], call: (api) => api.get("/api/health") },
  { route: "GET /api/health/ready", role: "public", ok: [200], call: (api) => api.get("/api/health/ready") },
  { route: "GET /api/auth/session", role: "public", ok: [200], call: (api) => api.get("/api/auth/session") },
  { route: "GET /api/me", role: "viewer", ok: [200], call: (api) => api.get("/api/me") },
  { route: "GET /api/me/budget", role: "viewer", ok: [200], call: (api) => api.get("/api/me/budget") },
  { route: "GET /api/me/tokens", role: "viewer", ok: [200], call: (api) => api.get("/api/me/tokens") },
  { route: "POST /api/me/tokens", role: "editor", ok: [201], call: (api, caller) => api.post("/api/me/tokens", { data: { name: `matrix ${unique(caller)}` } }) },
  // Anyone may revoke their own tokens; another's (or an unknown) id is a 404 once past the auth checks.
  { route: "DELETE /api/me/tokens/[id]", role: "viewer", ok: [404], call: (api) => api.delete("/api/me/tokens/00000000-0000-4000-8000-000000000000") },
  { route: "GET /api/usage", role: "viewer", ok: [200], call: (api) => api.get("/api/usage?from=2026-01-01&to=2026-01-31&tz=UTC") },
  { route: "GET /api/usage/calls", role: "viewer", ok: [200], call: (api) => api.get("/api/usage/calls?from=2026-01-01&to=2026-01-31&tz=UTC") },
  { route: "GET /api/usage/reconciliation", role: "admin", ok: [200], call: (api) => api.get("/api/usage/reconciliation?from=2026-01-01&to=2026-01-31") },
  // A call nobody made: 404 for everyone allowed (the drill-down of a real one is in usage-reconciliation.test.ts).
  { route: "GET /api/usage/calls/[id]/generation", role: "viewer", ok: [404], call: (api) => api.get("/api/usage/calls/no-such-call/generation") },
  { route: "GET /api/presets", role: "viewer", ok: [200], call: (api) => api.get("/api/presets?limit=5") },
  { route: "GET /api/presets?with=summary", role: "viewer", ok: [200], call: (api) => api.get("/api/presets?limit=5&with=summary") },
  { route: "GET /api/preset-summaries", role: "viewer", ok: [200], call: (api) => api.get(`/api/preset-summaries?slugs=${SEEDED_SLUG}`) },
  { route: "GET /api/presets/[slug]", role: "viewer", ok: [200], call: (api) => api.get(`/api/presets/${SEEDED_SLUG}`) },
  {
    route: "POST /api/presets/[slug]",
    role: "editor",
    ok: [200],
    call: (api, caller) => api.post(`/api/presets/matrix-${unique(caller)}`, { data: chat, headers: { "If-None-Match": "*" } }),
  },
  { route: "GET /api/presets/[slug]/versions", role: "viewer", ok: [200], call: (api) => api.get(`/api/presets/${SEEDED_SLUG}/versions`) },
  { route: "GET /api/presets/[slug]/versions/[version]", role: "viewer", ok: [200], call: (api) => api.get(`/api/presets/${SEEDED_SLUG}/versions/1`) },
  { route: "GET /api/presets/[slug]/audit", role: "viewer", ok: [200], call: (api) => api.get(`/api/presets/${SEEDED_SLUG}/audit`) },
  // Release gates (issue 38): set and removed by admins only; a slug of the call's own, so no other test meets the gate.
  { route: "GET /api/presets/[slug]/gate", role: "viewer", ok: [200], call: (api) => api.get(`/api/presets/${SEEDED_SLUG}/gate`) },
  {
    route: "PUT /api/presets/[slug]/gate",
    role: "admin",
    ok: [200],
    call: async (api, caller, ctx) => api.put(`/api/presets/${gateSlug(caller)}/gate`, { data: { set_id: await adminQuestionSetId(ctx.admin, caller), checks: ["min-length:1"], min_pass_rate: 0.5 } }),
  },
  { route: "DELETE /api/presets/[slug]/gate", role: "admin", ok: [200], call: (api, caller) => api.delete(`/api/presets/${gateSlug(caller)}/gate`) },
  // Reverting needs a move to undo; a slug with none answers 404 past the role check (an editor's right to revert is what this row proves).
  { route: "POST /api/presets/[slug]/designations/revert", role: "editor", ok: [404], call: (api, caller) => api.post(`/api/presets/${gateSlug(caller)}/designations/revert`, { data: { move_id: 1 } }) },
  { route: "GET /api/files", role: "viewer", ok: [200], call: (api) => api.get("/api/files?limit=2") },
  { route: "POST /api/files", role: "editor", ok: [200], call: (api, caller) => upload(api, `matrix-${unique(caller)}.txt`) },
  { route: "GET /api/files/[id]", role: "viewer", ok: [200], call: (api, _caller, ctx) => api.get(`/api/files/${ctx.downloadableId}`) },
  { route: "GET /api/files/[id]/content", role: "viewer", ok: [200], call: (api, _caller, ctx) => api.get(`/api/files/${ctx.downloadableId}/content`) },
  {
    route: "DELETE /api/files/[id]",
    role: "editor",
    ok: [200],
    call: async (api, caller, ctx) => api.delete(`/api/files/${await adminUploadId(ctx.admin, `matrix-delete-${unique(caller)}.txt`)}`),
  },
  { route: "GET /api/workspaces", role: "viewer", ok: [200], call: (api) => api.get("/api/workspaces") },
  { route: "GET /api/models", role: "viewer", ok: [200], call: (api) => api.get("/api/models") },
  { route: "GET /api/videos/models", role: "viewer", ok: [200], call: (api) => api.get("/api/videos/models") },
  { route: "GET /api/videos/generations", role: "viewer", ok: [200], call: (api) => api.get("/api/videos/generations") },
  { route: "POST /api/videos/generations", role: "editor", ok: [202], call: (api, caller) => submitGeneration(api, caller) },
  { route: "GET /api/videos/generations/[id]", role: "viewer", ok: [200], call: async (api, _caller, ctx) => api.get(`/api/videos/generations/${(await ctx.generation()).id}`) },
  {
    route: "GET /api/videos/generations/[id]/frames/[frame]",
    role: "viewer",
    ok: [200],
    call: async (api, _caller, ctx) => api.get(`/api/videos/generations/${(await ctx.generation()).id}/frames/first_frame`),
  },
  {
    route: "POST /api/videos/generations/[id]/cancel",
    role: "editor",
    ok: [200],
    // Only its starter or an admin may cancel a generation: an editor cancels one of their own.
    call: async (api, caller, ctx) => {
      const starter = caller === "editor" ? api : ctx.admin;
      const { id } = await generationOf(await submitGeneration(starter, caller));
      return api.post(`/api/videos/generations/${id}/cancel`);
    },
  },
  { route: "GET /api/evaluations/question-sets", role: "viewer", ok: [200], call: (api) => api.get("/api/evaluations/question-sets") },
  {
    route: "POST /api/evaluations/question-sets",
    role: "editor",
    ok: [201],
    call: (api, caller) => api.post("/api/evaluations/question-sets", { data: { name: `matrix ${unique(caller)}`, format: "csv", text: "question\nWhat is WAL?\n" } }),
  },
  { route: "GET /api/evaluations/question-sets/[id]", role: "viewer", ok: [200], call: async (api, caller, ctx) => api.get(`/api/evaluations/question-sets/${await adminQuestionSetId(ctx.admin, caller)}`) },
  {
    route: "PUT /api/evaluations/question-sets/[id]",
    role: "editor",
    ok: [200],
    call: async (api, caller, ctx) =>
      api.put(`/api/evaluations/question-sets/${await adminQuestionSetId(ctx.admin, caller)}`, { data: { base_version: 1, rows: [{ question: "What changed?" }] } }),
  },
  { route: "DELETE /api/evaluations/question-sets/[id]", role: "admin", ok: [204], call: async (api, caller, ctx) => api.delete(`/api/evaluations/question-sets/${await adminQuestionSetId(ctx.admin, caller)}`) },
  {
    route: "GET /api/evaluations/question-sets/[id]/rows",
    role: "viewer",
    ok: [200],
    call: async (api, caller, ctx) => api.get(`/api/evaluations/question-sets/${await adminQuestionSetId(ctx.admin, caller)}/rows?offset=0&limit=10`),
  },
  {
    route: "GET /api/evaluations/question-sets/[id]/export",
    role: "viewer",
    ok: [200],
    call: async (api, caller, ctx) => api.get(`/api/evaluations/question-sets/${await adminQuestionSetId(ctx.admin, caller)}/export?format=csv`),
  },
  {
    route: "POST /api/evaluations/runs/estimate",
    role: "editor",
    ok: [200],
    call: async (api, caller, ctx) => api.post("/api/evaluations/runs/estimate", { data: { set_id: await adminQuestionSetId(ctx.admin, caller), models: ["gatehouse/echo"], cap_usd: 1 } }),
  },
  { route: "POST /api/evaluations/runs", role: "editor", ok: [201], call: async (api, caller, ctx) => startEvaluationRun(api, await adminQuestionSetId(ctx.admin, caller)) },
  { route: "GET /api/evaluations/runs", role: "viewer", ok: [200], call: (api) => api.get("/api/evaluations/runs") },
  { route: "GET /api/evaluations/runs/[id]", role: "viewer", ok: [200], call: async (api, caller, ctx) => api.get(`/api/evaluations/runs/${await adminEvaluationRunId(ctx.admin, caller)}`) },
  {
    route: "GET /api/evaluations/runs/[id]/items",
    role: "viewer",
    ok: [200],
    call: async (api, caller, ctx) => api.get(`/api/evaluations/runs/${await adminEvaluationRunId(ctx.admin, caller)}/items?offset=0&limit=10`),
  },
  {
    route: "POST /api/evaluations/runs/[id]/cancel",
    role: "editor",
    // Only its starter or an admin may cancel a run: an editor cancels one of their own. 409 if it already finished.
    ok: [200, 409],
    call: async (api, caller, ctx) => {
      if (caller !== "editor") return api.post(`/api/evaluations/runs/${await adminEvaluationRunId(ctx.admin, caller, 20)}/cancel`);
      const started = await startEvaluationRun(api, await adminQuestionSetId(ctx.admin, caller, 20));
      expect(started.status(), await started.text()).toBe(201);
      return api.post(`/api/evaluations/runs/${((await started.json()) as { data: { id: string } }).data.id}/cancel`);
    },
  },
  // Results (issue 28): read from the stored items; a run still running answers with what has ended so far.
  { route: "GET /api/evaluations/runs/[id]/results", role: "viewer", ok: [200], call: async (api, caller, ctx) => api.get(`/api/evaluations/runs/${await adminEvaluationRunId(ctx.admin, caller)}/results`) },
  {
    route: "GET /api/evaluations/runs/[id]/results/questions",
    role: "viewer",
    ok: [200],
    call: async (api, caller, ctx) => api.get(`/api/evaluations/runs/${await adminEvaluationRunId(ctx.admin, caller)}/results/questions?sort=cost&dir=desc&limit=10`),
  },
  {
    route: "GET /api/evaluations/runs/[id]/results/questions/[index]",
    role: "viewer",
    ok: [200],
    call: async (api, caller, ctx) => api.get(`/api/evaluations/runs/${await adminEvaluationRunId(ctx.admin, caller)}/results/questions/0`),
  },
  {
    route: "GET /api/evaluations/runs/[id]/results/domains",
    role: "viewer",
    ok: [200],
    call: async (api, caller, ctx) => api.get(`/api/evaluations/runs/${await adminEvaluationRunId(ctx.admin, caller)}/results/domains?max_age_days=30`),
  },
  {
    route: "GET /api/evaluations/runs/[id]/results/export",
    role: "viewer",
    ok: [200],
    call: async (api, caller, ctx) => api.get(`/api/evaluations/runs/${await adminEvaluationRunId(ctx.admin, caller)}/results/export?format=md`),
  },
  {
    route: "POST /api/evaluations/runs/[id]/rescore/estimate",
    role: "editor",
    // 409 while the run is still running (the echo run usually ends first).
    ok: [200, 409],
    call: async (api, caller, ctx) => api.post(`/api/evaluations/runs/${await writableEvaluationRunId(api, caller, ctx)}/rescore/estimate`, { data: { checks: ["min-length:1"] } }),
  },
  {
    route: "POST /api/evaluations/runs/[id]/rescore",
    role: "editor",
    // 202: a scoring job started; 409 while the run (or another scoring of it) still runs.
    ok: [202, 409],
    call: async (api, caller, ctx) => api.post(`/api/evaluations/runs/${await writableEvaluationRunId(api, caller, ctx)}/rescore`, { data: { checks: ["min-length:1"] } }),
  },
  {
    route: "GET /api/evaluations/runs/[id]/scorings",
    role: "viewer",
    ok: [200],
    call: async (api, caller, ctx) => api.get(`/api/evaluations/runs/${await adminEvaluationRunId(ctx.admin, caller)}/scorings`),
  },
  {
    route: "GET /api/evaluations/runs/[id]/scorings/compare",
    role: "viewer",
    // 404: the admin's run has no scoring 2 unless someone re-scored it.
    ok: [200, 404],
    call: async (api, caller, ctx) => api.get(`/api/evaluations/runs/${await adminEvaluationRunId(ctx.admin, caller)}/scorings/compare?a=1&b=2`),
  },
  {
    route: "POST /api/evaluations/runs/[id]/scorings/[number]/cancel",
    role: "editor",
    // The re-score row above may have started scoring 2 of this run: cancelled (200), already ended (409), else 404.
    ok: [200, 404, 409],
    call: async (api, caller, ctx) => api.post(`/api/evaluations/runs/${await writableEvaluationRunId(api, caller, ctx)}/scorings/2/cancel`),
  },
  {
    route: "PATCH /api/evaluations/runs/[id]",
    role: "editor",
    ok: [200],
    call: async (api, caller, ctx) => api.patch(`/api/evaluations/runs/${await writableEvaluationRunId(api, caller, ctx)}`, { data: { name: `renamed by ${caller}` } }),
  },
  {
    route: "POST /api/evaluations/runs/[id]/again",
    role: "editor",
    ok: [201],
    call: async (api, caller, ctx) => api.post(`/api/evaluations/runs/${await adminEvaluationRunId(ctx.admin, caller)}/again`),
  },
  {
    route: "POST /api/evaluations/runs/[id]/designate",
    role: "editor",
    // A stale expected version on purpose: the route's role and checks are exercised without saving a version of the seeded preset.
    ok: [409],
    call: async (api, caller, ctx) => {
      const id = await writableEvaluationRunId(api, caller, ctx, { preset: SEEDED_SLUG, versions: [1] });
      return api.post(`/api/evaluations/runs/${id}/designate`, { data: { version: 1, expected_version: 999_999 } });
    },
  },
  {
    route: "GET /api/evaluations/runs/compare",
    role: "viewer",
    ok: [200],
    call: async (api, caller, ctx) => {
      const setId = await adminQuestionSetId(ctx.admin, caller);
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const started = await startEvaluationRun(ctx.admin, setId);
        expect(started.status(), await started.text()).toBe(201);
        ids.push(((await started.json()) as { data: { id: string } }).data.id);
      }
      return api.get(`/api/evaluations/runs/compare?runs=${ids.join(",")}`);
    },
  },
  {
    route: "GET /api/videos/jobs/[jobId]/content",
    role: "viewer",
    // 200 once the clip is made; until then the gateway's own refusal, passed on.
    ok: [200, 400, 404, 409],
    call: async (api, _caller, ctx) => api.get(`/api/videos/jobs/${(await ctx.generation()).jobId}/content`),
  },
  {
    route: "POST /api/responses",
    role: "editor",
    ok: [200],
    call: (api) => api.post("/api/responses", { data: { model: "gatehouse/echo", input: "matrix", stream: false } }),
  },
  {
    route: "POST /api/bench/responses-plain (not in a production build)",
    // The benchmark's floor exists only in builds made with GATEHOUSE_BENCH_ROUTES=1: here every
    // signed-in caller meets the catch-all's 404, and the anonymous its 401.
    role: "viewer",
    ok: [404],
    call: (api) => api.post("/api/bench/responses-plain", { data: { model: "gatehouse/echo", input: "matrix", stream: false } }),
  },
  { route: "GET /api/users", role: "admin", ok: [200], call: (api) => api.get("/api/users") },
  {
    route: "POST /api/users",
    role: "admin",
    ok: [201],
    call: (api, caller) => api.post("/api/users", { data: { email: `${unique(caller)}@matrix.test`, role: "viewer", password: "matrix-password" } }),
  },
  {
    route: "PATCH /api/users/[id]",
    role: "admin",
    ok: [200],
    call: async (api, caller, ctx) => api.patch(`/api/users/${await adminUserId(ctx.admin, caller)}`, { data: { role: "editor" } }),
  },
  {
    route: "GET /api/users/[id]/budget",
    role: "admin",
    ok: [200],
    call: async (api, caller, ctx) => api.get(`/api/users/${await adminUserId(ctx.admin, caller)}/budget`),
  },
  {
    route: "PUT /api/users/[id]/budget",
    role: "admin",
    ok: [200],
    call: async (api, caller, ctx) => api.put(`/api/users/${await adminUserId(ctx.admin, caller)}/budget`, { data: { day_usd: 5, month_usd: null } }),
  },
  {
    route: "DELETE /api/users/[id]",
    role: "admin",
    ok: [204],
    call: async (api, caller, ctx) => api.delete(`/api/users/${await adminUserId(ctx.admin, caller)}`),
  },
  { route: "GET /api/unknown-route", role: "viewer", ok: [404], call: (api) => api.get("/api/unknown-route") },
  // The catch-all answers every write method too: the anonymous its 401, the signed-in its 404.
  { route: "PUT /api/unknown-route", role: "viewer", ok: [404], call: (api) => api.put("/api/unknown-route", { data: {} }) },
  { route: "PATCH /api/unknown-route", role: "viewer", ok: [404], call: (api) => api.patch("/api/unknown-route", { data: {} }) },
  { route: "DELETE /api/unknown-route", role: "viewer", ok: [404], call: (api) => api.delete("/api/unknown-route") },
];

