"use client";

import { useEffect, useState } from "react";
import type { CodeHighlighter } from "./code-highlighter";
import type { MarkdownBlock } from "./markdown-block";

/*
 * The Markdown parser (micromark, GFM, hast) and the code highlighter are loaded on demand, in
 * chunks of their own, so neither weighs on the playground's first load: the parser as soon as an
 * answer view mounts (until it is there, the answer shows as its source), the highlighter only
 * once an answer holds a code fence. One load per page, shared by every column.
 */

let rendererPromise: Promise<typeof MarkdownBlock> | null = null;
let highlighterPromise: Promise<CodeHighlighter> | null = null;

function loadRenderer() {
  rendererPromise ??= import("./markdown-block").then((module) => module.MarkdownBlock);
  return rendererPromise;
}

function loadHighlighter() {
  highlighterPromise ??= import("./code-highlighter").then((module) => module.highlightCodeBlocks);
  return highlighterPromise;
}

function useLoaded<T>(load: () => Promise<T>, wanted: boolean): T | null {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    load().then(
      (value) => live && setLoaded({ value }),
      (error: unknown) => console.warn("Markdown renderer failed to load; the answer stays as source.", error),
    );
    return () => {
      live = false;
    };
  }, [load, wanted, loaded]);
  return loaded?.value ?? null;
}

/** Starts loading the renderer before an answer view mounts (on the way to a Run button), so the first words already render as Markdown. */
export function preloadMarkdownRenderer(): void {
  void loadRenderer().catch(() => {});
}

/** The Markdown block renderer once loaded (null before); starts loading it when `wanted`. */
export function useMarkdownRenderer(wanted: boolean): typeof MarkdownBlock | null {
  return useLoaded(loadRenderer, wanted);
}

/** The code highlighter once loaded; loading starts the first time `wanted` is true. */
export function useCodeHighlighter(wanted: boolean): CodeHighlighter | null {
  return useLoaded(loadHighlighter, wanted);
}
