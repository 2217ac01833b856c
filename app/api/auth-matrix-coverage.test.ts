import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROWS } from "@/e2e/bff-routes";

/**
 * The auth matrix (e2e/bff-auth-matrix.spec.ts) proves each /api route refuses the anonymous and the
 * under-ranked caller, but only for the routes its list names. This test walks app/api and fails for
 * any route file and method that no row of the list reaches, so a new route cannot skip the matrix.
 */

const apiRoot = path.resolve(__dirname);
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** Handlers the matrix leaves to other suites, each with the reason. */
const NOT_IN_MATRIX: Record<string, string> = {
  // Auth.js's own sign-in and sign-out endpoints: public by design, CSRF-guarded by Auth.js, driven by
  // every e2e test that signs in (e2e/fixtures.ts) and by the sign-in specs.
  "POST /api/auth/[...nextauth]": "Auth.js sign-in/sign-out, exercised by the sign-in fixtures",
};

interface RouteFile {
  /** e.g. "/api/files/[id]" */
  pattern: string;
  segments: string[];
  methods: string[];
}

function routeFiles(dir: string, segments: string[] = []): RouteFile[] {
  const found: RouteFile[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...routeFiles(path.join(dir, entry.name), [...segments, entry.name]));
    else if (entry.name === "route.ts") {
      const source = readFileSync(path.join(dir, entry.name), "utf8");
      found.push({ pattern: ["/api", ...segments].join("/"), segments, methods: exportedMethods(source) });
    }
  }
  return found;
}

/** The HTTP methods a route file exports: `export const GET =`, `export async function GET`, `export const { GET, POST } =`. */
function exportedMethods(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/export\s+(?:async\s+)?(?:const|function|let)\s+(\{[^}]*\}|\w+)/g)) {
    for (const name of match[1].replace(/[{}]/g, "").split(",")) names.add(name.trim());
  }
  return HTTP_METHODS.filter((method) => names.has(method));
}

const isCatchAll = (segment: string) => segment.startsWith("[...");
const isDynamic = (segment: string) => segment.startsWith("[") && !isCatchAll(segment);

/** How well a file's segments match a request path's: null if not at all; higher is more specific (Next's order). */
function specificity(file: string[], request: string[]): number[] | null {
  const score: number[] = [];
  for (let i = 0; i < file.length; i += 1) {
    if (isCatchAll(file[i])) return request.length > i ? [...score, 0] : null;
    if (i >= request.length) return null;
    if (isDynamic(file[i])) score.push(1);
    else if (file[i] === request[i]) score.push(2);
    else return null;
  }
  return request.length === file.length ? score : null;
}

const compare = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
};

/** The route file Next would serve a row's path from (rows spell dynamic segments by their folder name). */
function resolve(files: RouteFile[], requestPath: string): RouteFile | undefined {
  const request = requestPath.replace(/^\/api\/?/, "").split("/").filter(Boolean);
  let best: { file: RouteFile; score: number[] } | undefined;
  for (const file of files) {
    const score = specificity(file.segments, request);
    if (score && (!best || compare(score, best.score) > 0)) best = { file, score };
  }
  return best?.file;
}

/** "GET /api/presets?with=summary" -> ["GET", "/api/presets"]; notes after a space are dropped. */
function parseRow(route: string): [string, string] {
  const [method, target] = route.split(" ");
  return [method, target.split("?")[0]];
}

describe("the auth matrix's route list", () => {
  const files = routeFiles(apiRoot);

  it("finds the route files and their handlers", () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.find((file) => file.pattern === "/api/users/[id]")?.methods).toEqual(["PATCH", "DELETE"]);
    expect(files.find((file) => file.pattern === "/api/auth/[...nextauth]")?.methods).toEqual(["GET", "POST"]);
  });

  it("resolves a path to the file Next would serve it from", () => {
    expect(resolve(files, "/api/presets/[slug]")?.pattern).toBe("/api/presets/[slug]");
    expect(resolve(files, "/api/unknown-route")?.pattern).toBe("/api/[...path]");
    expect(resolve(files, "/api/auth/session")?.pattern).toBe("/api/auth/[...nextauth]");
  });

  it("reaches every method of every app/api route file", () => {
    const covered = new Set<string>();
    for (const row of ROWS) {
      const [method, requestPath] = parseRow(row.route);
      const file = resolve(files, requestPath);
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
