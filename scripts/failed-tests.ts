import path from "node:path";

// What the test line's JSON reports say failed, by name: the summary ends with these lines (scripts/run-tests.ts).
export type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults?: { name: string; status?: string; message?: string; assertionResults?: { fullName: string; status: string }[] }[];
};
type PlaywrightSuite = {
  title: string;
  file?: string;
  specs?: { title: string; line?: number; tests?: { projectName?: string; status?: string }[] }[];
  suites?: PlaywrightSuite[];
};
export type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number; skipped: number }; suites?: PlaywrightSuite[] };

/** "file > test" for each failing unit test, or the file and its error when it failed without a failing test. */
export function failedUnitTests(report: VitestReport | null, root: string): string[] {
  const lines: string[] = [];
  for (const file of report?.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failing = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failing) lines.push(`${where} > ${test.fullName}`);
    // A file that failed to load or whose hook failed has no failing test of its own.
    if (failing.length === 0 && file.status === "failed") lines.push(`${where}: ${(file.message ?? "failed").split("\n")[0]}`);
  }
  return lines;
}

/** "[project] file:line > titles" for each e2e test that failed. */
export function failedE2eTests(report: PlaywrightReport | null): string[] {
  const lines: string[] = [];
  const visit = (suite: PlaywrightSuite, titles: string[], file: string | undefined) => {
    const here = suite.file ?? file;
    const inside = suite.title && suite.title !== here ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected") lines.push(`[${test.projectName ?? ""}] ${here}:${spec.line ?? 0} > ${[...inside, spec.title].join(" > ")}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, inside, here);
  };
  for (const suite of report?.suites ?? []) visit(suite, [], undefined);
  return lines;
}
