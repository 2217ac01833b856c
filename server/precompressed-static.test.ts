import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsBrotli, loadPrecompressedStatic, servePrecompressed, type PrecompressedAsset } from "./precompressed-static";

// A script that compresses well, as real bundles do.
const script = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const value${i % 40} = "${"x".repeat(i % 17)}";\n`).join(""));
const css = Buffer.from("body{color:#111}\n".repeat(200));

let distDir: string;
let assets: Map<string, PrecompressedAsset>;
let server: Server;
let baseUrl: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Plain node:http, so no client decompresses or adds an Accept-Encoding behind the test's back. */
function get(urlPath: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${urlPath}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), "gatehouse-static-"));
  mkdirSync(path.join(distDir, "static", "chunks"), { recursive: true });
  mkdirSync(path.join(distDir, "static", "css"), { recursive: true });
  writeFileSync(path.join(distDir, "static", "chunks", "app-1a2b.js"), script);
  writeFileSync(path.join(distDir, "static", "css", "site-3c4d.css"), css);
  writeFileSync(path.join(distDir, "static", "media-logo.png"), Buffer.from([0x89, 0x50]));
  writeFileSync(path.join(distDir, "secret.txt"), "not served");
  assets = await loadPrecompressedStatic(distDir);
  // Stands in for Next: whatever the precompressed files do not answer gets this.
  server = createServer((req, res) => {
    if (servePrecompressed(assets, req, res)) return;
    res.writeHead(299, { "content-type": "text/plain" });
    res.end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(distDir, { recursive: true, force: true });
});

describe("Brotli for the build's static files", () => {
  it("serves a script Brotli-compressed to a browser that accepts it, smaller than Next's gzip, same bytes once decoded", async () => {
    const answer = await get("/_next/static/chunks/app-1a2b.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(brotliDecompressSync(answer.body).equals(script)).toBe(true);
    expect(answer.body.length).toBeLessThan(gzipSync(script).length);
  });

  it("serves style sheets too, and ignores a query string such as Next's deployment id", async () => {
    const answer = await get("/_next/static/css/site-3c4d.css?dpl=abc", { "accept-encoding": "br" });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("text/css; charset=UTF-8");
    expect(brotliDecompressSync(answer.body).equals(css)).toBe(true);
  });

  it("answers HEAD with the headers and no body", async () => {
    const answer = await get("/_next/static/chunks/app-1a2b.js", { "accept-encoding": "br" }, "HEAD");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body.length).toBe(0);
  });

  it("leaves to Next a client that does not accept br, other files, unknown names, traversal and other methods", async () => {
    const nextAnswers = [
      await get("/_next/static/chunks/app-1a2b.js", { "accept-encoding": "gzip" }),
      await get("/_next/static/chunks/app-1a2b.js"),
      await get("/_next/static/chunks/app-1a2b.js", { "accept-encoding": "br;q=0, gzip" }),
      await get("/_next/static/media-logo.png", { "accept-encoding": "br" }),
      await get("/_next/static/chunks/other.js", { "accept-encoding": "br" }),
      await get("/_next/static/../secret.txt", { "accept-encoding": "br" }),
      await get("/_next/static/chunks/..%2f..%2fsecret.txt", { "accept-encoding": "br" }),
      await get("/chunks/app-1a2b.js", { "accept-encoding": "br" }),
      await get("/_next/static/chunks/app-1a2b.js", { "accept-encoding": "br" }, "POST"),
    ];
    for (const answer of nextAnswers) {
      expect(answer.status).toBe(299);
      expect(answer.headers["content-encoding"]).toBeUndefined();
    }
  });

  it("keeps the compressed files on disk, so the next start reads them instead of compressing again", async () => {
    const cacheDir = path.join(distDir, "cache", "brotli");
    const cached = readdirSync(cacheDir);
    expect(cached.filter((name) => name.endsWith(".br"))).toHaveLength(2);
    // Overwrite a cache entry: a second load must take it as it is, proving it was read, not recomputed.
    const marker = Buffer.from("cached entry");
    for (const name of cached) writeFileSync(path.join(cacheDir, name), marker);
    const again = await loadPrecompressedStatic(distDir);
    expect([...again.values()].every((asset) => asset.body.equals(marker))).toBe(true);
  });
});

describe("Accept-Encoding", () => {
  it.each([
    ["gzip, deflate, br", true],
    ["br;q=0.5", true],
    ["BR", true],
    ["gzip, br;q=0", false],
    ["*", true],
    ["*;q=0", false],
    ["*, br;q=0", false],
    ["gzip", false],
    ["", false],
    ["brotli", false],
  ])("%j accepts Brotli: %s", (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });
});
