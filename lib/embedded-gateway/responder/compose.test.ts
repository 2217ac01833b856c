import type { Root, RootContent } from "hast";
import { describe, expect, it } from "vitest";
import { markdownToHast } from "@/lib/citations/markdown-hast";
import { highlightCitations } from "@/lib/citations/markdown-highlight";
import { codePointToStringIndex } from "@/lib/citations/offsets";
import { FIXED_CORPUS } from "../search/fixed-corpus";
import { WebSearchIndex } from "../search/web-search";
import { composeAnswer } from "./compose";
import { EMBEDDED_MODELS } from "./models";

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

  it("carry no citations without web search", () => {
    for (const model of EMBEDDED_MODELS) expect(composeAnswer({ model, query: "hello", hits: null }).annotations).toEqual([]);
  });
});
