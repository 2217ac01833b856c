/**
 * Brotli for the build's static scripts and styles (issue 16's page budget).
 *
 * `next start` compresses with gzip only (the `compression` package); every browser we support accepts Brotli,
 * which makes the same JavaScript about 13 % smaller. The files under `<distDir>/static` never change once built
 * (their names carry a content hash), so each is compressed once, at the highest quality, when the dashboard
 * server starts, kept on disk under `<distDir>/cache/brotli` for the next start and in memory to serve.
 *
 * Requests are matched against the list of files found at start, never turned into a path: anything not in the
 * list (a typo, `..`, a file written after start) goes on to Next as before, as does any client that does not
 * accept `br`.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants } from "node:zlib";
import { acceptsEncoding } from "@/lib/server/http/accept-encoding";

const compress = promisify(brotliCompress);

/** Where Next serves `<distDir>/static` from. */
const STATIC_URL_PREFIX = "/_next/static/";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
};

function brotliOptions(size: number) {
  return { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size } };
}

/** The size a browser receives for these bytes from the dashboard server (the same settings as serving). */
export function brotliSize(bytes: Buffer): number {
  return brotliCompressSync(bytes, brotliOptions(bytes.length)).length;
}

/** Whether an Accept-Encoding header allows Brotli (lib/server/http/accept-encoding.ts). */
export function acceptsBrotli(header: string | string[] | undefined): boolean {
  return acceptsEncoding(header, "br");
}

export interface PrecompressedAsset {
  body: Buffer;
  contentType: string;
}

function listStaticFiles(dir: string, base: string = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listStaticFiles(full, base);
    return entry.isFile() && Object.hasOwn(CONTENT_TYPES, path.extname(entry.name)) ? [path.relative(base, full)] : [];
  });
}

/**
 * Every script and style sheet of the build, Brotli-compressed, by the URL path Next serves it at. Compresses only
 * what the disk cache does not hold yet (the first start after a build: about 3 s of CPU for this app); the cache
 * entry is named by the file's path, size and modification time, and written whole (temp file, then rename) so
 * two servers starting together cannot read a half-written one.
 */
export async function loadPrecompressedStatic(distDir: string): Promise<Map<string, PrecompressedAsset>> {
  const staticDir = path.join(distDir, "static");
  const cacheDir = path.join(distDir, "cache", "brotli");
  mkdirSync(cacheDir, { recursive: true });
  const assets = new Map<string, PrecompressedAsset>();
  for (const relative of listStaticFiles(staticDir)) {
    const file = path.join(staticDir, relative);
    const { size, mtimeMs } = statSync(file);
    const key = createHash("sha256").update(`${relative}\0${size}\0${mtimeMs}`).digest("hex").slice(0, 32);
    const cached = path.join(cacheDir, `${key}.br`);
    let body: Buffer;
    if (existsSync(cached)) {
      body = readFileSync(cached);
    } else {
      body = await compress(readFileSync(file), brotliOptions(size));
      const temporary = `${cached}.${process.pid}.tmp`;
      writeFileSync(temporary, body);
      renameSync(temporary, cached);
    }
    const urlPath = STATIC_URL_PREFIX + relative.split(path.sep).join("/");
    assets.set(urlPath, { body, contentType: CONTENT_TYPES[path.extname(relative)] });
  }
  return assets;
}

/**
 * Answers a GET or HEAD for a known static file from a client that accepts Brotli; returns false (and writes
 * nothing) for every other request, which then goes to Next.
 */
export function servePrecompressed(assets: Map<string, PrecompressedAsset>, request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const url = request.url ?? "";
  if (!url.startsWith(STATIC_URL_PREFIX)) return false;
  const queryAt = url.indexOf("?");
  const asset = assets.get(queryAt === -1 ? url : url.slice(0, queryAt));
  if (!asset || !acceptsBrotli(request.headers["accept-encoding"])) return false;
  response.writeHead(200, {
    "content-type": asset.contentType,
    "content-encoding": "br",
    "content-length": asset.body.length,
    // As Next serves these files: their names change whenever their content does.
    "cache-control": "public, max-age=31536000, immutable",
    vary: "Accept-Encoding",
    "x-content-type-options": "nosniff",
  });
  response.end(request.method === "HEAD" ? undefined : asset.body);
  return true;
}
