import { describe, expect, it } from "vitest";
import { failedE2eTests, failedUnitTests } from "./failed-tests";

describe("the failing tests named at the end of the test line", () => {
  it("names each failing unit test by file and full name, and a file that failed without one by its error", () => {
    const report = {
      numPassedTests: 1,
      numFailedTests: 1,
      numPendingTests: 0,
      testResults: [
        { name: "/repo/lib/a.test.ts", status: "failed", assertionResults: [{ fullName: "a passes", status: "passed" }, { fullName: "a breaks", status: "failed" }] },
        { name: "/repo/lib/b.test.ts", status: "failed", message: "Cannot find module './gone'\n    at stack", assertionResults: [] },
        { name: "/repo/lib/c.test.ts", status: "passed", assertionResults: [{ fullName: "c passes", status: "passed" }] },
      ],
    };
    expect(failedUnitTests(report, "/repo")).toEqual(["lib/a.test.ts > a breaks", "lib/b.test.ts: Cannot find module './gone'"]);
  });

  it("names each unexpected e2e result by project, file, line and its describe titles", () => {
    const report = {
      stats: { expected: 2, unexpected: 1, flaky: 0, skipped: 1 },
      suites: [
        {
          title: "evaluation-compare.spec.ts",
          file: "evaluation-compare.spec.ts",
          specs: [{ title: "top level", line: 5, tests: [{ projectName: "chromium", status: "expected" }] }],
          suites: [
            {
              title: "comparisons (admin)",
              file: "evaluation-compare.spec.ts",
              specs: [
                { title: "a run is renamed", line: 157, tests: [{ projectName: "chromium", status: "unexpected" }] },
                { title: "an import", line: 190, tests: [{ projectName: "chromium", status: "skipped" }] },
              ],
            },
          ],
        },
      ],
    };
    expect(failedE2eTests(report)).toEqual(["[chromium] evaluation-compare.spec.ts:157 > comparisons (admin) > a run is renamed"]);
  });

  it("names nothing when a report is missing", () => {
    expect(failedUnitTests(null, "/repo")).toEqual([]);
    expect(failedE2eTests(null)).toEqual([]);
  });
});
