// Runs before `npm start` (imported first by server/launch.mjs), `npm run dev`, `npm run eval` (node --import)
// and `npm test` (package.json), in plain JavaScript so that any
// Node can run it: on an unsupported Node it stops at once with one line saying what works, instead of a
// native crash further on (better-sqlite3 13 segfaults on Node 20).
import { readFileSync } from "node:fs";

const range = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines.node;
const [minMajor, minMinor] = range.replace(/^>=\s*/, "").split(".").map(Number);
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < minMajor || (major === minMajor && minor < minMinor)) {
  const pinned = readFileSync(new URL("../.nvmrc", import.meta.url), "utf8").trim();
  console.error(
    `gatehouse: Node ${process.versions.node} is not supported; use Node 22, 24 or 26 (${range}): ` +
      `\`nvm install\` gives ${pinned} (.nvmrc), or \`PATH="$(scripts/bootstrap-node.sh 24):$PATH"\` on Linux.`,
  );
  process.exit(1);
}
