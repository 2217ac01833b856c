import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { ErrorBodySchema } from "@/lib/contract/gateway";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { listModels, listVideoModels, listWorkspaces } from "./catalog";
import { deleteFile, downloadFile, getFile, listFiles, uploadFile } from "./files";
import { getPreset, getPresetAudit, getPresetVersion, listPresets, listPresetVersions, savePreset } from "./presets";
import { postResponses } from "./responses";
import { createUser, getMe, listUsers, updateUser } from "./users";

/**
 * Whatever the browser sends, the BFF answers in the contract: never a 5xx, and every error is
 * {"error":{"code","message","metadata"}} with code equal to the status.
 */

let gateway: EmbeddedGateway;
let bff: BffTestEnv;
beforeAll(async () => {
  // A high rate limit: the fuzzer's file listings must not turn into 429s (those are fine, but not what is tested here).
  gateway = await startTestGateway({ rateLimitPerMinute: 1_000_000, faults: false });
  bff = await setUpBff(gateway);
});
afterAll(async () => {
  await bff.cleanup();
  await gateway.close();
});

const RUNS_PER_POST_ROUTE = 1000;
const RUNS_PER_GET_ROUTE = 150;

async function expectContract(response: Response): Promise<void> {
  if (response.status < 400) {
    await response.body?.cancel();
    return;
  }
  const text = await response.text();
  expect(response.status, text).toBeLessThan(500);
  const body = ErrorBodySchema.parse(JSON.parse(text));
  expect(body.error.code).toBe(response.status);
  expect(body.error.message.length).toBeGreaterThan(0);
}

/** A valid body with one change: a field replaced by any JSON value, removed, or a key added. */
function mutated(base: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(base);
  return fc.oneof(
    fc.record({ key: fc.constantFrom(...keys), value: fc.jsonValue({ maxDepth: 3 }) }).map(({ key, value }) => ({ ...base, [key]: value })),
    fc.constantFrom(...keys).map((key) => {
      const copy = { ...base };
      delete copy[key];
      return copy;
    }),
    fc.record({ key: fc.string({ maxLength: 12 }), value: fc.jsonValue({ maxDepth: 2 }) }).map(({ key, value }) => ({ ...base, [key]: value })),
  );
}

/** Bodies as sent on the wire: JSON of anything, mutated valid bodies, and text that is not JSON at all. */
function bodies(base: Record<string, unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: mutated(base).map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constant(JSON.stringify(base)) },
  );
}

const contentTypes = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  { weight: 1, arbitrary: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/json; charset=utf-8", "application/vnd.api+json") },
);

const chatBase = { model: "gatehouse/echo", temperature: 0.3, messages: [{ role: "user", content: "hi" }], max_tokens: 100, stop: ["x"] };
// stream: true, so a valid body costs only the gateway's headers (the body is cancelled at once).
const responsesBase = { model: "gatehouse/echo", input: "hello", stream: true, max_output_tokens: 16, plugins: [{ id: "web", max_results: 2 }] };
const userBase = { email: "fuzz@example.com", role: "viewer", password: "long-enough-password", name: "Fuzz" };
// No password: each valid one costs a deliberate ~70 ms scrypt hash (password changes are tested in handlers.test.ts).
const patchBase = { role: "editor", name: "New name" };

describe("fuzzing the POST routes", () => {
  it(`POST /api/presets/[slug]: ${RUNS_PER_POST_ROUTE} bodies, slugs and If-Match values`, async () => {
    await fc.assert(
      fc.asyncProperty(
        bodies(chatBase),
        contentTypes,
        fc.oneof(fc.constantFrom("fuzz-a", "fuzz-b"), fc.string({ maxLength: 20 })),
        fc.option(fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.constant("*"))),
        async (body, type, slug, ifMatch) => {
          const headers: Record<string, string> = { "content-type": type };
          if (ifMatch !== null) headers["if-match"] = ifMatch.replace(/[\r\n\0]/g, "");
          const request = bff.request(`/api/presets/${encodeURIComponent(slug)}`, { role: "editor", method: "POST", body, headers });
          await expectContract(await savePreset(request, params({ slug })));
        },
      ),
      { numRuns: RUNS_PER_POST_ROUTE },
    );
  });

  it(`POST /api/responses: ${RUNS_PER_POST_ROUTE} bodies`, async () => {
    await fc.assert(
      fc.asyncProperty(bodies(responsesBase), contentTypes, async (body, type) => {
        const request = bff.request("/api/responses", { role: "editor", method: "POST", body, headers: { "content-type": type } });
        await expectContract(await postResponses(request, params({})));
      }),
      { numRuns: RUNS_PER_POST_ROUTE },
    );
  });

  it(`POST /api/users and PATCH /api/users/[id]: ${RUNS_PER_POST_ROUTE} bodies each`, async () => {
    await fc.assert(
      fc.asyncProperty(bodies(userBase), async (body) => {
        const request = bff.request("/api/users", { role: "admin", method: "POST", body, headers: { "content-type": "application/json" } });
        await expectContract(await createUser(request, params({})));
      }),
      { numRuns: RUNS_PER_POST_ROUTE },
    );
    await fc.assert(
      fc.asyncProperty(bodies(patchBase), fc.oneof(fc.constant(bff.userIds.viewer), fc.string({ maxLength: 70 })), async (body, id) => {
        const request = bff.request(`/api/users/${encodeURIComponent(id)}`, { role: "admin", method: "PATCH", body, headers: { "content-type": "application/json" } });
        await expectContract(await updateUser(request, params({ id })));
      }),
      { numRuns: RUNS_PER_POST_ROUTE },
    );
  });

  it(`POST /api/files: ${RUNS_PER_POST_ROUTE} multipart and other bodies`, async () => {
    const multipart = fc
      .record({
        field: fc.oneof(fc.constant("file"), fc.string({ maxLength: 8 })),
        name: fc.string({ maxLength: 30 }),
        bytes: fc.uint8Array({ maxLength: 300 }),
        text: fc.boolean(),
      })
      .map(({ field, name, bytes, text }) => {
        const form = new FormData();
        form.append(field, new File([text ? new TextEncoder().encode("plain words\n") : bytes], name || "f"));
        return new Response(form);
      });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 3, arbitrary: multipart }, { weight: 1, arbitrary: fc.string({ maxLength: 100 }).map((s) => new Response(s, { headers: { "content-type": "multipart/form-data; boundary=zz" } })) }),
        fc.option(fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }))),
        async (encoded, workspace) => {
          const query = workspace === null ? "" : `?workspace_id=${encodeURIComponent(workspace)}`;
          const request = bff.request(`/api/files${query}`, {
            role: "editor",
            method: "POST",
            body: await encoded.arrayBuffer(),
            headers: { "content-type": encoded.headers.get("content-type") ?? "application/octet-stream" },
          });
          await expectContract(await uploadFile(request, params({})));
        },
      ),
      { numRuns: RUNS_PER_POST_ROUTE },
    );
  });

  it("DELETE /api/files/[id] with random ids", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (id) => {
        const request = bff.request(`/api/files/${encodeURIComponent(id)}`, { role: "editor", method: "DELETE" });
        await expectContract(await deleteFile(request, params({ id })));
      }),
      { numRuns: 200 },
    );
  });
});

/** Query strings: known parameter names with wild values, unknown names, repeats, odd encodings. */
const queryStrings = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom("limit", "offset", "cursor", "workspace_id", "disposition", "base_version_id"), fc.string({ maxLength: 8 })),
      fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String), fc.double().map(String), fc.uuid()),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => new URLSearchParams(pairs).toString());

type GetHandler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;

describe("fuzzing the GET routes with random query strings and path parameters", () => {
  const routes: [string, GetHandler, (p: string) => Record<string, string>][] = [
    ["/api/presets", listPresets as GetHandler, () => ({})],
    ["/api/presets/[slug]", getPreset as GetHandler, (p) => ({ slug: p })],
    ["/api/presets/[slug]/versions", listPresetVersions as GetHandler, (p) => ({ slug: p })],
    ["/api/presets/[slug]/versions/[version]", getPresetVersion as GetHandler, (p) => ({ slug: "fuzz-a", version: p })],
    ["/api/presets/[slug]/audit", getPresetAudit as GetHandler, (p) => ({ slug: p })],
    ["/api/files", listFiles as GetHandler, () => ({})],
    ["/api/files/[id]", getFile as GetHandler, (p) => ({ id: p })],
    ["/api/files/[id]/content", downloadFile as GetHandler, (p) => ({ id: p })],
    ["/api/workspaces", listWorkspaces as GetHandler, () => ({})],
    ["/api/models", listModels as GetHandler, () => ({})],
    ["/api/videos/models", listVideoModels as GetHandler, () => ({})],
    ["/api/me", getMe as GetHandler, () => ({})],
    ["/api/users", listUsers as GetHandler, () => ({})],
  ];
  for (const [route, handler, paramsFor] of routes) {
    it(`GET ${route}`, async () => {
      await fc.assert(
        fc.asyncProperty(queryStrings, fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("1", "0", "-1", "..", "fuzz-a")), async (query, pathParam) => {
          const request = bff.request(`${route}?${query}`, { role: "admin" });
          await expectContract(await handler(request, params(paramsFor(pathParam)) as { params: Promise<never> }));
        }),
        { numRuns: RUNS_PER_GET_ROUTE },
      );
    });
  }
});
