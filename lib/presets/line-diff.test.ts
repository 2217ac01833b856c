import { describe, expect, it } from "vitest";
import { canonicalJson, diffLines, toSideBySide } from "./line-diff";

describe("diffLines", () => {
  it("marks only the lines that changed", () => {
    const before = canonicalJson({ model: "a", temperature: 0.2, stop: ["x"] });
    const after = canonicalJson({ temperature: 0.7, model: "a", stop: ["x"] });
    const changed = diffLines(before, after).filter((line) => line.op !== "equal");
    expect(changed.map((line) => `${line.op} ${line.text.trim()}`)).toEqual(['removed "temperature": 0.2', 'added "temperature": 0.7']);
  });

  it("numbers lines on both sides and reproduces each text", () => {
    const a = "1\n2\n3\n4";
    const b = "0\n1\n3\n4\n5";
    const lines = diffLines(a, b);
    expect(lines.filter((l) => l.op !== "added").map((l) => l.text).join("\n")).toBe(a);
    expect(lines.filter((l) => l.op !== "removed").map((l) => l.text).join("\n")).toBe(b);
    expect(lines.find((l) => l.text === "3")).toMatchObject({ op: "equal", oldNumber: 3, newNumber: 3 });
    expect(lines.find((l) => l.text === "2")).toMatchObject({ op: "removed", oldNumber: 2, newNumber: null });
  });

  it("handles empty sides", () => {
    expect(diffLines("", "")).toEqual([]);
    expect(diffLines("", "a\nb").map((l) => l.op)).toEqual(["added", "added"]);
    expect(diffLines("a", "").map((l) => l.op)).toEqual(["removed"]);
  });

  it("finds a minimal script on random inputs", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let run = 0; run < 200; run += 1) {
      const a = Array.from({ length: Math.floor(random() * 12) }, () => String(Math.floor(random() * 4)));
      const b = Array.from({ length: Math.floor(random() * 12) }, () => String(Math.floor(random() * 4)));
      const lines = diffLines(a.join("\n"), b.join("\n"));
      expect(lines.filter((l) => l.op !== "added").map((l) => l.text)).toEqual(a);
      expect(lines.filter((l) => l.op !== "removed").map((l) => l.text)).toEqual(b);
      // Minimal: equal lines = LCS length.
      const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
      for (let i = a.length - 1; i >= 0; i -= 1)
        for (let j = b.length - 1; j >= 0; j -= 1)
          lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      expect(lines.filter((l) => l.op === "equal").length).toBe(lcs[0][0]);
    }
  });
});

describe("toSideBySide", () => {
  it("pairs a removed run with the added run after it", () => {
    const rows = toSideBySide(diffLines("a\nb\nc", "a\nB\nc\nd"));
    expect(rows.map((r) => [r.left?.text ?? null, r.right?.text ?? null])).toEqual([
      ["a", "a"],
      ["b", "B"],
      ["c", "c"],
      [null, "d"],
    ]);
  });
});
