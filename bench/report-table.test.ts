import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { markdownTable, writeBenchmarkSection } from "./report-table";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDoc(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-doc-"));
  dirs.push(dir);
  const file = path.join(dir, "benchmarks.md");
  fs.writeFileSync(file, text);
  return file;
}

describe("benchmark sections", () => {
  it("replaces only its own marked section, with the command and the machine", () => {
    const doc = tempDoc("# Head\n\n<!-- bench:a:start -->\nold a\n<!-- bench:a:end -->\n\n<!-- bench:b:start -->\nold b\n<!-- bench:b:end -->\n");
    writeBenchmarkSection("a", "npm run bench:a", markdownTable(["x", "y"], [[1, "a|b"]]), doc);
    const text = fs.readFileSync(doc, "utf8");
    expect(text).not.toContain("old a");
    expect(text).toContain("old b");
    expect(text).toContain("| 1 | a\\|b |");
    expect(text).toMatch(/_Written by `.*npm run bench:a.*` on \d{4}-\d\d-\d\d \d\d:\d\d UTC: \d+ × /);
  });

  it("appends a section the file does not have yet", () => {
    const doc = tempDoc("# Head\n");
    writeBenchmarkSection("new", "npm run bench:new", "body", doc);
    expect(fs.readFileSync(doc, "utf8")).toMatch(/^# Head\n\n<!-- bench:new:start -->\n.*\n\nbody\n<!-- bench:new:end -->\n$/);
  });
});
