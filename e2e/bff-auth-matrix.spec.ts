import { expect, test } from "./fixtures";
import { CALLERS, chat, RANK, routeContext, ROWS, type Caller, type Row, type RouteContext } from "./bff-routes";

/**
 * Every /api route x {no session, viewer, editor, admin}: 401 without a session, 403 below the
 * route's role, and the route's own answer from its role up. Runs over HTTP against `next start`,
 * so a route file wired to the wrong handler (or not at all) shows up here.
 */

function expected(row: Row, caller: Caller): number[] {
  if (row.role === "public") return row.ok;
  if (caller === null) return [401];
  if (RANK[caller] < RANK[row.role]) return [403];
  return row.ok;
}

test.describe("auth matrix", () => {
  let ctx: RouteContext;
  test.beforeEach(async ({ apiAs }) => {
    ctx = await routeContext(await apiAs("admin"));
  });

  for (const row of ROWS) {
    test(row.route, async ({ apiAs }) => {
      for (const caller of CALLERS) {
        const api = await apiAs(caller);
        const response = await row.call(api, caller, ctx);
        const want = expected(row, caller);
        const text = await response.text();
        expect(want, `${row.route} as ${caller ?? "no session"} answered ${response.status()}: ${text.slice(0, 300)}`).toContain(response.status());
        if (response.status() >= 400) {
          const body = JSON.parse(text) as { error: { code: number; message: string } };
          expect(body.error.code).toBe(response.status());
          expect(body.error.message.length).toBeGreaterThan(0);
        }
      }
    });
  }

  test("a refused write leaves no trace", async ({ apiAs }) => {
    const slug = `matrix-refused-${Date.now().toString(36)}`;
    expect((await (await apiAs("viewer")).post(`/api/presets/${slug}`, { data: chat })).status()).toBe(403);
    expect((await (await apiAs(null)).post(`/api/presets/${slug}`, { data: chat })).status()).toBe(401);
    expect((await ctx.admin.get(`/api/presets/${slug}`)).status()).toBe(404);
  });

  test("a write from another site is refused even with a valid session", async ({ apiAs }) => {
    const editor = await apiAs("editor");
    const response = await editor.post(`/api/presets/matrix-csrf-${Date.now().toString(36)}`, {
      data: chat,
      headers: { Origin: "https://evil.example", "If-None-Match": "*" },
    });
    expect(response.status()).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe("Cross-origin request refused");
  });
});
