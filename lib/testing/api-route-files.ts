import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The BFF's route files (app/api/**\/route.ts) as Next's App Router sees them: each folder path as a
 * pattern, the HTTP methods it exports, and which file a request path resolves to (static segments
 * before dynamic ones before catch-alls). Used by the auth matrix's coverage test and by the component
 * tests' BFF server, which serves the real route files without Next.
 */

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export interface RouteFile {
  /** e.g. "/api/files/[id]" */
  pattern: string;
  /** The folder names under app/api, e.g. ["files", "[id]"]. */
  segments: string[];
  /** Absolute path of the route.ts. */
  file: string;
  methods: string[];
}

/** Every route.ts under `apiRoot` (app/api). */
export function apiRouteFiles(apiRoot: string, segments: string[] = []): RouteFile[] {
  const found: RouteFile[] = [];
  for (const entry of readdirSync(path.join(apiRoot, ...segments), { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...apiRouteFiles(apiRoot, [...segments, entry.name]));
    else if (entry.name === "route.ts") {
      const file = path.join(apiRoot, ...segments, entry.name);
      found.push({ pattern: ["/api", ...segments].join("/"), segments, file, methods: exportedMethods(readFileSync(file, "utf8")) });
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
const paramName = (segment: string) => segment.replace(/^\[(\.\.\.)?/, "").replace(/\]$/, "");

/** How a file's segments match a request's: null if not at all; a higher score is more specific (Next's order). */
function match(file: string[], request: string[]): { score: number[]; params: Record<string, string | string[]> } | null {
  const score: number[] = [];
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < file.length; i += 1) {
    if (isCatchAll(file[i])) {
      if (request.length <= i) return null;
      params[paramName(file[i])] = request.slice(i);
      return { score: [...score, 0], params };
    }
    if (i >= request.length) return null;
    if (isDynamic(file[i])) {
      score.push(1);
      params[paramName(file[i])] = request[i];
    } else if (file[i] === request[i]) score.push(2);
    else return null;
  }
  return request.length === file.length ? { score, params } : null;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** The route file Next would serve `pathname` (e.g. "/api/presets/echo") from, with its params decoded. */
export function resolveApiRoute(files: readonly RouteFile[], pathname: string): { route: RouteFile; params: Record<string, string | string[]> } | undefined {
  const request = pathname
    .replace(/^\/api\/?/, "")
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  let best: { route: RouteFile; score: number[]; params: Record<string, string | string[]> } | undefined;
  for (const route of files) {
    const found = match(route.segments, request);
    if (found && (!best || compare(found.score, best.score) > 0)) best = { route, ...found };
  }
  return best && { route: best.route, params: best.params };
}
