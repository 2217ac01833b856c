import path from "node:path";
import type { CorpusDocument } from "./corpus-types";
import { EVAL_CORPUS } from "./evaluation-corpus";
import { FIXED_CORPUS } from "./fixed-corpus";
import { buildNpmCorpus } from "./npm-corpus";
import { TOPIC_CORPUS } from "./topic-corpus";
import { WebSearchIndex } from "./web-search";

export type CorpusChoice = "npm" | "fixed";

/**
 * "npm": READMEs of the installed packages (about 1,500 sections here) plus the fixed, topic and
 * evaluation corpora; "fixed": only the fixed, topic and evaluation corpora, for deterministic tests. Building the npm index takes a few
 * hundred milliseconds, so it is built once per process on first use instead of cached on disk.
 */
export function loadCorpus(choice: CorpusChoice, root = process.cwd()): CorpusDocument[] {
  if (choice === "fixed") return [...FIXED_CORPUS, ...TOPIC_CORPUS, ...EVAL_CORPUS];
  return [...buildNpmCorpus(path.join(root, "node_modules")), ...FIXED_CORPUS, ...TOPIC_CORPUS, ...EVAL_CORPUS];
}

export function createSearchIndexLoader(choice: CorpusChoice, root?: string): () => WebSearchIndex {
  let index: WebSearchIndex | null = null;
  return () => (index ??= new WebSearchIndex(loadCorpus(choice, root)));
}
