import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROWS } from "@/e2e/bff-routes";
import { apiRouteFiles, resolveApiRoute } from "@/lib/testing/api-route-files";

/**
 * The auth matrix (e2e/bff-auth-matrix.spec.ts) proves each /api route refuses the anonymous and the
 * under-ranked caller, but only for the routes its list names. This test walks app/api and fails for
 * any route file and method that no row of the list reaches, so a new route cannot skip the matrix.
 */

const files = apiRouteFiles(path.resolve(__dirname));

/** Handlers the matrix leaves to other suites, each with the reason. */
const NOT_IN_MATRIX: Record<string, string> = {
  // Auth.js's own sign-in and sign-out endpoints: public by design, CSRF-guarded by Auth.js, driven by
  // every e2e test that signs in (e2e/fixtures.ts) and by the sign-in specs.
  "POST /api/auth/[...nextauth]": "Auth.js sign-in/sign-out, exercised by the sign-in fixtures",
};

const resolve = (requestPath: string) => resolveApiRoute(files, requestPath)?.route;

/** "GET /api/presets?with=summary" -> ["GET", "/api/presets"]; notes after a space are dropped. */
function parseRow(route: string): [string, string] {
  const [method, target] = route.split(" ");
  return [method, target.split("?")[0]];
}

describe("the auth matrix's route list", () => {
  it("finds the route files and their handlers", () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.find((file) => file.pattern === "/api/users/[id]")?.methods).toEqual(["PATCH", "DELETE"]);
    expect(files.find((file) => file.pattern === "/api/auth/[...nextauth]")?.methods).toEqual(["GET", "POST"]);
  });

  it("resolves a path to the file Next would serve it from", () => {
    expect(resolve("/api/presets/[slug]")?.pattern).toBe("/api/presets/[slug]");
    expect(resolve("/api/unknown-route")?.pattern).toBe("/api/[...path]");
    expect(resolve("/api/auth/session")?.pattern).toBe("/api/auth/[...nextauth]");
  });

  it("reaches every method of every app/api route file", () => {
    const covered = new Set<string>();
    for (const row of ROWS) {
      const [method, requestPath] = parseRow(row.route);
      const file = resolve(requestPath);
      expect(file, `row "${row.route}" reaches no route file`).toBeDefined();
      expect(file!.methods, `row "${row.route}": ${file!.pattern}/route.ts exports no ${method}`).toContain(method);
      covered.add(`${method} ${file!.pattern}`);
    }
    const missing = files
      .flatMap((file) => file.methods.map((method) => `${method} ${file.pattern}`))
      .filter((handler) => !covered.has(handler) && !(handler in NOT_IN_MATRIX));
    expect(missing, "add a row to ROWS in e2e/bff-routes.ts for each (its least role and a call that exercises it)").toEqual([]);
  });

  it("exempts only handlers that exist and the matrix does not already reach", () => {
    const handlers = new Set(files.flatMap((file) => file.methods.map((method) => `${method} ${file.pattern}`)));
    for (const exempt of Object.keys(NOT_IN_MATRIX)) expect(handlers.has(exempt), exempt).toBe(true);
  });
});
