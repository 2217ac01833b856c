import fs from "node:fs";
import path from "node:path";
import type { CorpusDocument } from "./corpus-types";
import { markdownSections } from "./markdown-text";

const README_NAMES = ["README.md", "readme.md", "Readme.md", "README.markdown", "README"];
const MAX_TEXT = 4000;
const MIN_TEXT = 160;

function packageDirs(nodeModules: string): string[] {
  const dirs: string[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(nodeModules, { withFileTypes: true });
  } catch {
    return dirs;
  }
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const full = path.join(nodeModules, entry.name);
    if (entry.name.startsWith("@")) {
      try {
        for (const scoped of fs.readdirSync(full, { withFileTypes: true })) {
          if (scoped.isDirectory() || scoped.isSymbolicLink()) dirs.push(path.join(full, scoped.name));
        }
      } catch {
        // unreadable scope: skip it
      }
    } else if (entry.isDirectory() || entry.isSymbolicLink()) {
      dirs.push(full);
    }
  }
  return dirs.sort();
}

function readReadme(dir: string): string | null {
  for (const name of README_NAMES) {
    const file = path.join(dir, name);
    try {
      if (fs.statSync(file).size > 2_000_000) return null;
      return fs.readFileSync(file, "utf8");
    } catch {
      // try the next spelling
    }
  }
  return null;
}

function packageName(dir: string): string | null {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: unknown };
    return typeof pkg.name === "string" && pkg.name ? pkg.name : null;
  } catch {
    return null;
  }
}

/**
 * Real text for the embedded web search: every installed package's README, split at headings into
 * sections, each its own document with the npmjs.com URL of the package and the heading's anchor.
 */
export function buildNpmCorpus(nodeModules: string): CorpusDocument[] {
  const docs: CorpusDocument[] = [];
  for (const dir of packageDirs(nodeModules)) {
    const name = packageName(dir);
    if (!name) continue;
    const readme = readReadme(dir);
    if (!readme) continue;
    const url = `https://www.npmjs.com/package/${name}`;
    for (const section of markdownSections(readme)) {
      if (section.text.length < MIN_TEXT) continue;
      const text = section.text.length > MAX_TEXT ? truncateAtSentence(section.text, MAX_TEXT) : section.text;
      docs.push({
        id: section.anchor ? `${name}#${section.anchor}` : name,
        url: section.anchor ? `${url}#${section.anchor}` : url,
        title: section.heading && section.heading !== name ? `${name}: ${section.heading}` : name,
        text,
      });
    }
  }
  return dedupeById(docs);
}

function truncateAtSentence(text: string, max: number): string {
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf(".\n"));
  return end > max / 2 ? cut.slice(0, end + 1) : cut;
}

function dedupeById(docs: CorpusDocument[]): CorpusDocument[] {
  const seen = new Set<string>();
  return docs.filter((doc) => (seen.has(doc.id) ? false : (seen.add(doc.id), true)));
}
