import { describe, expect, it } from "vitest";
import { WebSearchIndex } from "./web-search";

describe("npm corpus", () => {
  it("builds at least 500 documents from the installed packages' READMEs, with npmjs.com URLs", async () => {
    const { loadCorpus } = await import("./corpus");
    const docs = loadCorpus("npm");
    const npm = docs.filter((d) => d.url.startsWith("https://www.npmjs.com/package/"));
    expect(npm.length).toBeGreaterThanOrEqual(500);
    expect(new Set(docs.map((d) => d.id)).size).toBe(docs.length);
    // The evaluation pages answer the demo question set on either corpus.
    expect(docs.filter((d) => d.id.startsWith("eval-")).length).toBe(35);
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
