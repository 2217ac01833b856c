import Database from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./cursor";
import { pathMatches } from "./faults";
import { MIGRATIONS, runMigrations } from "./migrations";
import { RateLimiter } from "./rate-limit";
import type { Root, RootContent } from "hast";
import { markdownToHast } from "@/lib/citations/markdown-hast";
import { highlightCitations } from "@/lib/citations/markdown-highlight";
import { codePointToStringIndex } from "@/lib/citations/offsets";
import { composeAnswer } from "./responder/compose";
import { boldTerms, escapeMarkdown } from "./responder/markdown";
import { EMBEDDED_MODELS } from "./responder/models";
import { codePointLength, tokenize } from "./responder/tokens";
import { FIXED_CORPUS } from "./search/fixed-corpus";
import { markdownSections, slugifyHeading } from "./search/markdown-text";
import { domainMatches, WebSearchIndex } from "./search/web-search";
import { sniffMime } from "./sniff-mime";
import { syntheticContent } from "./synthetic-content";

describe("cursor", () => {
  const secret = Buffer.alloc(32, 7);
  it("round-trips and refuses anything altered or signed with another secret", () => {
    const cursor = encodeCursor({ workspaceId: "ws", afterSeq: 42, order: "desc" }, secret);
    expect(decodeCursor(cursor, secret)).toEqual({ workspaceId: "ws", afterSeq: 42, order: "desc" });
    const ascending = encodeCursor({ workspaceId: "ws", afterSeq: 7, order: "asc" }, secret);
    expect(decodeCursor(ascending, secret)).toEqual({ workspaceId: "ws", afterSeq: 7, order: "asc" });
    expect(decodeCursor(cursor, Buffer.alloc(32, 8))).toBeNull();
    fc.assert(
      fc.property(fc.nat({ max: cursor.length - 1 }), fc.constantFrom(..."AbZ09-_."), (at, char) => {
        const altered = cursor.slice(0, at) + char + cursor.slice(at + 1);
        fc.pre(altered !== cursor);
        expect(decodeCursor(altered, secret)).toBeNull();
      }),
    );
    fc.assert(fc.property(fc.string(), (raw) => void decodeCursor(raw, secret)));
  });
});

describe("rate limiter", () => {
  it("counts per key in fixed windows and tells when to retry", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(2, 60_000, () => now);
    expect(limiter.take("a")).toMatchObject({ allowed: true, remaining: 1 });
    expect(limiter.take("a")).toMatchObject({ allowed: true, remaining: 0 });
    now += 15_000;
    expect(limiter.take("a")).toMatchObject({ allowed: false, remaining: 0, retryAfter: 45 });
    expect(limiter.take("b")).toMatchObject({ allowed: true });
    now += 45_000;
    expect(limiter.take("a")).toMatchObject({ allowed: true, remaining: 1 });
  });
});

describe("fault path patterns", () => {
  it("match one segment with * and any rest with **, relative to the base path or not", () => {
    expect(pathMatches("/presets/*/chat/completions", "/api/v1/presets/abc/chat/completions")).toBe(true);
    expect(pathMatches("/presets/*/chat/completions", "/api/v1/presets/a/b/chat/completions")).toBe(false);
    expect(pathMatches("/files/**", "/api/v1/files/x/content")).toBe(true);
    expect(pathMatches("/files", "/api/v1/files/x")).toBe(false);
    expect(pathMatches("/api/v1/files", "/api/v1/files")).toBe(true);
  });
});

describe("migrations", () => {
  it("apply once, record their versions and refuse a database from a newer build", () => {
    const db = new Database(":memory:");
    expect(runMigrations(db)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(runMigrations(db)).toEqual([]);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 'now')").run();
    expect(() => runMigrations(db)).toThrow(/schema 999/);
    db.close();
  });
});

describe("tokens", () => {
  it("concatenate back to the text and never split a code point", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (text) => {
        const tokens = tokenize(text);
        expect(tokens.join("")).toBe(text);
        for (const token of tokens) expect(token).toBe(token.toWellFormed());
      }),
    );
    expect(codePointLength("a😀é")).toBe(3);
  });
});

describe("composed answers", () => {
  const index = new WebSearchIndex(FIXED_CORPUS);
  it("cite whole source sentences at exact code-point offsets, for every model", () => {
    for (const model of EMBEDDED_MODELS) {
      for (const query of ["espresso coffee shot", "unicode code points emoji", "Paris café croissant"]) {
        const hits = index.search(query, { maxResults: 5 });
        const answer = composeAnswer({ model, query, hits });
        const points = Array.from(answer.text);
        expect(answer.annotations.length, `${model.id} ${query}`).toBeGreaterThan(0);
        for (const a of answer.annotations) {
          // The cited source is the sentence as Markdown: bold terms and escapes inside it.
          const cited = points.slice(a.start_index, a.end_index).join("").replace(/\*\*/g, "").replace(/\\([!-/:-@[-`{-~])/g, "$1");
          expect(FIXED_CORPUS.find((d) => d.url === a.url)!.text).toContain(cited);
          expect(a.content.startsWith(cited)).toBe(true);
        }
      }
    }
  });

  it("render scholar's Markdown with each citation highlighting exactly its quoted sentence", () => {
    const scholar = EMBEDDED_MODELS.find((m) => m.id === "gatehouse/scholar")!;
    const query = "How does SQLite write-ahead logging work? And what about matcha, green tea and coffee?";
    const answer = composeAnswer({ model: scholar, query, hits: index.search(query, { maxResults: 6 }) });
    expect(answer.text).toMatch(/^### SQLite write-ahead logging$/m);
    expect(answer.text).toMatch(/^- .*\*\*green tea\*\*/m);
    expect(answer.text).toContain("```sql\nPRAGMA journal_mode = WAL; -- SQLite write-ahead logging\n```");
    const tree = markdownToHast(answer.text);
    const spans = answer.annotations.map((a, key) => ({ key, start: codePointToStringIndex(answer.text, a.start_index), end: codePointToStringIndex(answer.text, a.end_index) }));
    highlightCitations(tree, answer.text, { spans, numberBySpan: new Map(), valid: answer.text.length, markerLimit: answer.text.length });
    const marked = new Map<number, string>();
    const walk = (node: Root | RootContent, keys: number[]) => {
      if (node.type === "text") for (const key of keys) marked.set(key, (marked.get(key) ?? "") + node.value);
      if (node.type !== "root" && node.type !== "element") return;
      const inner = node.type === "element" && node.tagName === "mark" ? String(node.properties.dataSpanKeys).split(" ").map(Number) : keys;
      if (node.type === "element" && node.tagName === "sup") return;
      node.children.forEach((child) => walk(child, inner));
    };
    walk(tree, []);
    expect(answer.annotations.length).toBeGreaterThan(3);
    answer.annotations.forEach((a, key) => {
      const sentence = a.content.slice(0, marked.get(key)!.length);
      expect(marked.get(key)).toBe(sentence);
      expect(FIXED_CORPUS.find((d) => d.url === a.url)!.text).toContain(sentence);
    });
  });

  it("say so instead of quoting noise when nothing relevant was found", () => {
    const swift = EMBEDDED_MODELS.find((m) => m.id === "gatehouse/swift")!;
    const hits = index.search("quantum chromodynamics of gluons", { maxResults: 5 });
    expect(hits).toEqual([]);
    expect(composeAnswer({ model: swift, query: "quantum chromodynamics of gluons", hits }).text).toMatch(/found no relevant sources/);
    // A page that matches the engine but says nothing about the question is not quoted.
    const off = composeAnswer({ model: swift, query: "croissant butter", hits: index.search("espresso", { maxResults: 1 }) });
    expect(off.annotations).toEqual([]);
    expect(off.text).toMatch(/nothing to quote/);
  });

  it("escape Markdown in quotes and the question, and bold whole words only", () => {
    expect(escapeMarkdown("# a *b* <img> [x](y) 1. & _c_")).toBe("\\# a \\*b\\* \\<img\\> \\[x\\](y) 1. \\& \\_c\\_");
    expect(escapeMarkdown("2. item")).toBe("2\\. item");
    expect(boldTerms("green tea, not instead or greenhouse", ["green", "tea"])).toBe("**green tea**, not instead or greenhouse");
  });

  it("carry no citations without web search", () => {
    for (const model of EMBEDDED_MODELS) expect(composeAnswer({ model, query: "hello", hits: null }).annotations).toEqual([]);
  });
});

describe("web search", () => {
  it("matches domains with and without wildcards and paths", () => {
    expect(domainMatches("example.com", "https://docs.example.com/a")).toBe(true);
    expect(domainMatches("example.com", "https://example.com/a")).toBe(true);
    expect(domainMatches("*.example.com", "https://example.com/a")).toBe(false);
    expect(domainMatches("*.example.com", "https://a.b.example.com/a")).toBe(true);
    expect(domainMatches("notexample.com", "https://example.com/")).toBe(false);
    expect(domainMatches("npmjs.com/package/zod", "https://www.npmjs.com/package/zod#intro")).toBe(true);
    expect(domainMatches("npmjs.com/package/zod", "https://www.npmjs.com/package/react")).toBe(false);
  });

  it("ranks by relevance and honours max_results and filters", () => {
    const index = new WebSearchIndex(FIXED_CORPUS);
    expect(index.search("Matterhorn Whymper", { maxResults: 5 })[0].url).toContain("Matterhorn");
    expect(index.search("coffee café tea", { maxResults: 2 })).toHaveLength(2);
    const filtered = index.search("coffee", { maxResults: 10, excludeDomains: ["*.example.com"] });
    expect(filtered.every((hit) => !new URL(hit.url).hostname.endsWith(".example.com"))).toBe(true);
  });
});

describe("markdown to sections", () => {
  it("keeps prose, drops code, badges and tables, and anchors sections like GitHub", () => {
    const sections = markdownSections(
      [
        "# my-lib",
        "[![build](https://x/badge.svg)](https://x)",
        "A tiny library that does **one** thing well, with [docs](https://x.dev).",
        "## Quick Start!",
        "```js",
        "const secret = 1;",
        "```",
        "| a | b |",
        "|---|---|",
        "Database | Adapter | Native TTL",
        "---|---|---",
        "Redis | @keyv/redis | Yes",
        "Install it with npm and call `run()` to start the engine.",
        "## Quick Start!",
        "Second section with the same heading text for anchors.",
      ].join("\n"),
    );
    expect(sections.map((s) => s.anchor)).toEqual(["my-lib", "quick-start", "quick-start-1"]);
    expect(sections[0].text).toBe("A tiny library that does one thing well, with docs.");
    expect(sections[1].text).toBe("Install it with npm and call run() to start the engine.");
    expect(slugifyHeading("Héllo, Wörld ✨")).toBe("héllo-wörld-");
  });
});

describe("content sniffing", () => {
  it("types uploads by their bytes", () => {
    const bytes = (s: string) => new Uint8Array(Buffer.from(s, "latin1"));
    expect(sniffMime(bytes("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniffMime(bytes("GIF89a...."))).toBe("image/gif");
    expect(sniffMime(bytes("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(sniffMime(bytes("RIFF\0\0\0\0WAVEfmt "))).toBe("audio/wav");
    expect(sniffMime(bytes("ID3\x04\0\0"))).toBe("audio/mpeg");
    expect(sniffMime(bytes("PK\x03\x04....word/document.xml"))).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(sniffMime(bytes("PK\x03\x04....something.else"))).toBeNull();
    expect(sniffMime(new Uint8Array(Buffer.from("a,b\n1,2\n3,4\n")))).toBe("text/csv");
    expect(sniffMime(new Uint8Array([0xc3, 0x28]))).toBeNull();
  });
});

describe("synthetic content", () => {
  it("has exactly the stated size, is deterministic, and text stays valid UTF-8", async () => {
    const read = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());
    for (const [mime, size] of [["text/markdown", 70_001], ["image/png", 131_073], ["text/plain", 3]] as const) {
      const a = await read(syntheticContent("or_file_x", mime, size));
      const b = await read(syntheticContent("or_file_x", mime, size));
      expect(a.byteLength).toBe(size);
      expect(a.equals(b)).toBe(true);
      if (mime.startsWith("text/")) expect(() => new TextDecoder("utf-8", { fatal: true }).decode(a)).not.toThrow();
    }
    const png = await read(syntheticContent("or_file_y", "image/png", 100));
    expect(png.subarray(1, 4).toString()).toBe("PNG");
  });
});

describe("npm corpus", () => {
  it("builds at least 500 documents from the installed packages' READMEs, with npmjs.com URLs", async () => {
    const { loadCorpus } = await import("./search/corpus");
    const docs = loadCorpus("npm");
    const npm = docs.filter((d) => d.url.startsWith("https://www.npmjs.com/package/"));
    expect(npm.length).toBeGreaterThanOrEqual(500);
    expect(new Set(docs.map((d) => d.id)).size).toBe(docs.length);
    expect(npm.some((d) => d.url.startsWith("https://www.npmjs.com/package/zod#"))).toBe(true);
    expect(npm.every((d) => d.title.length > 0 && d.text.length >= 160)).toBe(true);
    const index = new WebSearchIndex(docs);
    expect(index.search("SQLite database driver synchronous", { maxResults: 5 }).some((hit) => hit.url.includes("better-sqlite3"))).toBe(true);
    // A README that says "green" in passing is no source on green tea.
    const tea = index.search("Tell me about coffee and green tea", { maxResults: 5 });
    expect(tea.map((hit) => hit.title).slice(0, 2).sort()).toEqual(["History of coffee ☕", "日本の緑茶 — Japanese green tea 🍵"]);
    expect(tea.every((hit) => !hit.url.startsWith("https://www.npmjs.com/"))).toBe(true);
    expect(index.search("How does SQLite write-ahead logging work?", { maxResults: 5 })[0].title).toBe("SQLite write-ahead logging");
  });
});
