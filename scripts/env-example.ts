/**
 * `.env.example` is written from the README's configuration table, the one place each setting is explained,
 * so the two cannot disagree: `npm run env:example` rewrites it, and scripts/env-example.test.ts fails when
 * the committed file is not what this writes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "..");

export interface Setting {
  names: string[];
  defaultValue: string;
  meaning: string;
}

/** The rows of the README's "## Configuration" table. */
export function readmeSettings(readme: string): Setting[] {
  const start = readme.indexOf("\n## Configuration");
  const end = readme.indexOf("\n## ", start + 1);
  if (start < 0) throw new Error("README.md has no '## Configuration' section");
  return readme
    .slice(start, end < 0 ? undefined : end)
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [variables, defaultValue, meaning] = line.slice(1, -1).split(" | ").map((cell) => cell.trim());
      const names = [...variables.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]);
      return { names, defaultValue, meaning };
    });
}

const plain = (markdown: string) => markdown.replaceAll("`", "").replaceAll("**", "");

function wrap(text: string, width = 100): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A literal default becomes the commented value; "unset", "generated" and prose leave it empty. */
function exampleValue(defaultValue: string): string {
  const literal = /^`([^`]*)`$/.exec(defaultValue);
  return literal ? literal[1] : "";
}

export function envExample(readme: string): string {
  const blocks = readmeSettings(readme).map(({ names, defaultValue, meaning }) => {
    const comment = wrap(plain(meaning), 98).map((line) => `# ${line}`);
    comment.push(`# Default: ${plain(defaultValue)}`);
    return [...comment, ...names.map((name) => `# ${name}=${exampleValue(defaultValue)}`)].join("\n");
  });
  return [
    "# Gatehouse settings: copy to .env and uncomment what you change. Every line is optional for the embedded",
    "# demo; the real environment wins over this file. Written from README.md's Configuration table by",
    "# `npm run env:example`: edit the README, not this file.",
    "",
    blocks.join("\n\n"),
    "",
  ].join("\n");
}

if (require.main === module) {
  writeFileSync(path.join(root, ".env.example"), envExample(readFileSync(path.join(root, "README.md"), "utf8")));
  console.log("wrote .env.example");
}
