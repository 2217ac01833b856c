/**
 * `npm run size` (and the `size` step of `npm test`, after the build): each page's first-load JavaScript,
 * compressed as the dashboard server sends it to browsers (Brotli, ./precompressed-static.ts; gzip beside it for
 * reference), against the 150 kB budget of issue 16 (or, for the pages listed in
 * ./page-size-ceilings.ts, their ceiling). Prints a table and exits non-zero when a page is over its limit.
 * Reads `${NEXT_DIST_DIR:-.next}`, so it measures the build that is there.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { brotliSize } from "../server/precompressed-static";
import { checkBudget, firstLoadSizes, formatTable, PAGE_BUDGET_BYTES, parseRouteBundleStats, staleCeilings, type ChunkSize } from "./page-size";
import { PAGE_SIZE_CEILINGS } from "./page-size-ceilings";

const root = path.resolve(__dirname, "..");
const distDir = path.resolve(root, process.env.NEXT_DIST_DIR || ".next");
const statsFile = path.join(distDir, "diagnostics", "route-bundle-stats.json");
if (!existsSync(statsFile)) {
  console.error(`No ${path.relative(root, statsFile)}: run \`next build\` first.`);
  process.exit(2);
}

const stats = parseRouteBundleStats(JSON.parse(readFileSync(statsFile, "utf8")));
const cache = new Map<string, ChunkSize>();
function sizeOf(chunkPath: string): ChunkSize {
  let size = cache.get(chunkPath);
  if (!size) {
    // Paths are relative to the project and start with the dist dir's name (".next/static/chunks/…").
    const relative = chunkPath.split("/").slice(1).join("/");
    const bytes = readFileSync(path.join(distDir, relative));
    // Gzip as Next's own compression (the `compression` package, zlib's default level) would send it.
    size = { raw: bytes.length, gzip: gzipSync(bytes).length, brotli: brotliSize(bytes) };
    cache.set(chunkPath, size);
  }
  return size;
}

const verdicts = checkBudget(firstLoadSizes(stats, sizeOf), PAGE_BUDGET_BYTES, PAGE_SIZE_CEILINGS);
if (verdicts.length === 0) {
  console.error(`${path.relative(root, statsFile)} lists no page.`);
  process.exit(2);
}
console.log(`First-load JavaScript per page (${path.relative(root, distDir)}), budget ${PAGE_BUDGET_BYTES / 1024} kB as served (Brotli):\n`);
console.log(formatTable(verdicts));
const held = verdicts.filter((v) => v.heldAtCeiling);
if (held.length > 0) {
  console.log(`\n${held.length} page(s) over the budget, held at their ceilings (scripts/page-size-ceilings.ts): ${held.map((v) => v.route).join(", ")}`);
}
const stale = staleCeilings(verdicts, PAGE_BUDGET_BYTES, PAGE_SIZE_CEILINGS);
if (stale.length > 0) console.log(`Ceilings to remove from scripts/page-size-ceilings.ts (within the budget now, or no such page): ${stale.join(", ")}`);
const over = verdicts.filter((v) => v.over);
if (over.length > 0) {
  console.error(`\n${over.length} page(s) over their limit: ${over.map((v) => v.route).join(", ")}`);
  process.exit(1);
}
