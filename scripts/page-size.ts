/**
 * The first-load JavaScript budget of issue 16, as pure functions over what `next build` writes
 * (`<distDir>/diagnostics/route-bundle-stats.json`: each route with the chunks its first load fetches).
 * `scripts/check-page-size.ts` reads the build and prints; this file only computes, so it is unit-tested.
 */

/**
 * 150 kB (kibibytes) of compressed JavaScript, as a browser receives it from `npm start`: Brotli, which the
 * dashboard server sends every browser that accepts it (./precompressed-static.ts). Gzip, what `next start` alone
 * would send, is reported beside it.
 */
export const PAGE_BUDGET_BYTES = 150 * 1024;

export interface RouteBundleStats {
  route: string;
  firstLoadChunkPaths: string[];
}

export interface ChunkSize {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface PageSize extends ChunkSize {
  route: string;
  chunks: number;
}

export interface PageVerdict extends PageSize {
  /** The budget, or the page's ceiling when it is one of the known exceptions. */
  limit: number;
  /** Over its limit: the check fails. */
  over: boolean;
  /** Over the budget but within its ceiling: reported, not failed. */
  heldAtCeiling: boolean;
}

/** Pages served to a browser: not API routes, not the built-in not-found, not metadata files such as /icon.svg. */
export function isPage(route: string): boolean {
  if (route === "/_not-found" || route.startsWith("/_")) return false;
  if (route === "/api" || route.startsWith("/api/")) return false;
  return !/\.[a-z0-9]+$/i.test(route);
}

/** Parses the diagnostics file, refusing anything that is not the shape we count on (a Next upgrade may change it). */
export function parseRouteBundleStats(json: unknown): RouteBundleStats[] {
  if (!Array.isArray(json)) throw new Error("route-bundle-stats.json: expected an array of routes");
  return json.map((entry, index) => {
    const { route, firstLoadChunkPaths } = (entry ?? {}) as Record<string, unknown>;
    if (typeof route !== "string" || !Array.isArray(firstLoadChunkPaths) || !firstLoadChunkPaths.every((p) => typeof p === "string")) {
      throw new Error(`route-bundle-stats.json: entry ${index} has no route and firstLoadChunkPaths`);
    }
    return { route, firstLoadChunkPaths: firstLoadChunkPaths as string[] };
  });
}

/**
 * Each page's first load: the sum over its distinct JavaScript chunks (a chunk listed twice is fetched once).
 * Sizes come from `sizeOf`, so the same chunk shared by every page is compressed once by the caller.
 */
export function firstLoadSizes(stats: RouteBundleStats[], sizeOf: (chunkPath: string) => ChunkSize): PageSize[] {
  return stats
    .filter((entry) => isPage(entry.route))
    .map((entry) => {
      const chunks = [...new Set(entry.firstLoadChunkPaths.filter((p) => p.endsWith(".js")))];
      const total: ChunkSize = { raw: 0, gzip: 0, brotli: 0 };
      for (const chunk of chunks) {
        const size = sizeOf(chunk);
        total.raw += size.raw;
        total.gzip += size.gzip;
        total.brotli += size.brotli;
      }
      return { route: entry.route, chunks: chunks.length, ...total };
    })
    .sort((a, b) => b.brotli - a.brotli || a.route.localeCompare(b.route));
}

/**
 * Each page against the budget; a page named in `ceilings` (bytes) may exceed the budget up to its ceiling, so
 * a known exception cannot grow while it waits for its fix, and every other page must stay within the budget.
 */
export function checkBudget(pages: PageSize[], budget: number = PAGE_BUDGET_BYTES, ceilings: Record<string, number> = {}): PageVerdict[] {
  return pages.map((page) => {
    const ceiling = Object.hasOwn(ceilings, page.route) ? Math.max(ceilings[page.route], budget) : budget;
    return { ...page, limit: ceiling, over: page.brotli > ceiling, heldAtCeiling: page.brotli > budget && page.brotli <= ceiling };
  });
}

/** Ceilings no longer needed (the page is within the budget) or naming no page of the build: the list should shrink. */
export function staleCeilings(verdicts: PageVerdict[], budget: number, ceilings: Record<string, number>): string[] {
  return Object.keys(ceilings).filter((route) => {
    const verdict = verdicts.find((v) => v.route === route);
    return !verdict || verdict.brotli <= budget;
  });
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

export function formatTable(verdicts: PageVerdict[]): string {
  const header = ["page", "chunks", "raw kB", "gzip kB", "br kB", "limit kB", ""];
  const rows = verdicts.map((v) => [
    v.route,
    String(v.chunks),
    kib(v.raw),
    kib(v.gzip),
    kib(v.brotli),
    kib(v.limit),
    v.over ? `OVER by ${kib(v.brotli - v.limit)} kB` : v.heldAtCeiling ? `over the ${kib(PAGE_BUDGET_BYTES)} kB budget, held at its ceiling` : "ok",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ").trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}
