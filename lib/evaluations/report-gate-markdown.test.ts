import { describe, expect, it } from "vitest";
import { aggregateVersion } from "./aggregate";
import { evaluateBaselineGate } from "./cli-regressions";
import { buildGateMarkdown } from "./report-gate-markdown";

const versions = ["@preset/p@1", "@preset/p@2"].map((id) => ({ id, aggregate: aggregateVersion([]) }));
const hostile = "Is ![img](https://evil.example/x.png) [click](javascript:alert(1)) <script>x</script> safe?";

describe("the CLI's Markdown summary", () => {
  const gate = evaluateBaselineGate(
    [
      { version: "@preset/p@1", question_index: 0, repeat_index: 0, verdict: "passed" },
      { version: "@preset/p@2", question_index: 0, repeat_index: 0, verdict: "failed" },
      { version: "@preset/p@1", question_index: 1, repeat_index: 0, verdict: "passed" },
      { version: "@preset/p@2", question_index: 1, repeat_index: 0, verdict: "passed" },
    ],
    "@preset/p@1",
    ["@preset/p@2"],
    { k: 1, n: 1 },
  );
  const md = buildGateMarkdown({ title: "Evaluation of p", questions: [hostile, "fine"], versions, minPass: { passed: true, min_pass: null, failing: [] }, baseline: gate, stopped: null });

  it("puts the regressions first, each with its question and both verdicts, then the totals", () => {
    expect(md).toMatch(/\*\*Failed:\*\* 1 question went from pass to fail/);
    expect(md.indexOf("## Regressions")).toBeGreaterThan(0);
    expect(md.indexOf("## Regressions")).toBeLessThan(md.indexOf("## Totals"));
    expect(md).toMatch(/\| 1 \| Is .* \| `@preset\/p@2` \| passed \| failed \|/);
    expect(md).toContain("| `@preset/p@1` (baseline) |");
  });

  it("leaves no link, image or HTML from the question as syntax", () => {
    // A word a renderer would link by itself is written as a code span: shown, never an image.
    expect(md).toContain("`![img](https://evil.example/x.png)`");
    expect(md).not.toMatch(/(?<!`)!\[img\]\(/);
    expect(md).not.toMatch(/(?<!\\)\[click\]/);
    expect(md).not.toMatch(/(?<!\\)<script>/);
    expect(md).toContain("\\<script\\>");
  });
});
