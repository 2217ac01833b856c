import type { Element, ElementContent, Root } from "hast";
import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import go from "highlight.js/lib/languages/go";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import python from "highlight.js/lib/languages/python";
import rust from "highlight.js/lib/languages/rust";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { createLowlight } from "lowlight";

/*
 * Syntax highlighting of fenced code blocks. Loaded on demand (use-markdown-renderer.ts) the first
 * time an answer holds a fence, with a dozen common grammars rather than lowlight's "common" set,
 * to keep the chunk small. A block in another language, or none, stays plain: guessing the
 * language of every block on every delta would cost more than it shows.
 */
const lowlight = createLowlight({ bash, css, diff, go, javascript, json, python, rust, sql, typescript, xml, yaml });

function languageOf(code: Element): string | null {
  const classes = code.properties.className;
  const list = Array.isArray(classes) ? classes : [];
  for (const name of list) {
    if (typeof name === "string" && name.startsWith("language-")) {
      const language = name.slice("language-".length).toLowerCase();
      return lowlight.registered(language) ? language : null;
    }
  }
  return null;
}

function visit(node: Root | Element) {
  for (const child of node.children) {
    if (child.type !== "element") continue;
    const code = child.tagName === "pre" ? child.children.find((c): c is Element => c.type === "element" && c.tagName === "code") : undefined;
    if (!code) {
      visit(child);
      continue;
    }
    const language = languageOf(code);
    if (!language) continue;
    const text = code.children.map((c: ElementContent) => (c.type === "text" ? c.value : "")).join("");
    code.children = lowlight.highlight(language, text).children as ElementContent[];
    code.properties.className = [...(Array.isArray(code.properties.className) ? code.properties.className : []), "hljs"];
  }
}

/** Replaces the text of each code block in a known language by highlighted spans, in place. */
export function highlightCodeBlocks(tree: Root): void {
  visit(tree);
}

export type CodeHighlighter = typeof highlightCodeBlocks;
