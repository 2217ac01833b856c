import { describe, expect, it } from "vitest";
import { parseEvaluationArgs, type EvaluationCliOptions } from "./cli-args";

function options(argv: string[]): EvaluationCliOptions {
  const result = parseEvaluationArgs(argv);
  if (!result.ok || result.help) throw new Error(result.ok ? "help" : result.message);
  return result.options;
}

function usage(argv: string[]): string {
  const result = parseEvaluationArgs(argv);
  if (result.ok) throw new Error(`expected a usage error for ${argv.join(" ")}`);
  return result.message;
}

describe("parseEvaluationArgs", () => {
  it("reads every flag, both spellings, with defaults", () => {
    expect(options(["--questions", "set.jsonl", "--preset", "web-research", "--versions", "3,designated"])).toEqual({
      questions: { path: "set.jsonl", format: "jsonl" },
      preset: "web-research",
      versions: [3, "designated"],
      models: [],
      checks: [],
      repeats: 1,
      concurrency: 4,
      minPass: null,
      jsonPath: null,
      junitPath: null,
      maxCostUsd: null,
      judgeModel: null,
      judgeThreshold: null,
      baseline: null,
      regressions: null,
      markdownPath: null,
      resume: false,
      stateDir: ".gatehouse-eval",
      server: null,
      dryRun: false,
    });
    const full = options([
      "--questions=qs.CSV",
      "--model", "openai/gpt-4o:online",
      "--model=gatehouse/echo",
      "--check", "contains:Paris",
      "--check=cites-domain:a.com,b.org",
      "--check", "judge:--answers the question",
      "--repeats", "3",
      "--concurrency", "16",
      "--min-pass", "0.8",
      "--json", "out/report.json",
      "--junit", "out/junit.xml",
      "--max-cost", "2.5",
      "--judge-model", "anthropic/claude-3.5-haiku",
      "--judge-threshold=0.7",
      "--dry-run",
    ]);
    expect(full).toMatchObject({ questions: { format: "csv" }, models: ["openai/gpt-4o:online", "gatehouse/echo"], repeats: 3, concurrency: 16, minPass: 0.8, jsonPath: "out/report.json", junitPath: "out/junit.xml", maxCostUsd: 2.5, judgeModel: "anthropic/claude-3.5-haiku", judgeThreshold: 0.7, dryRun: true });
    expect(full.checks.map((c) => c.kind)).toEqual(["contains", "cites-domain", "judge"]);
  });

  it("asks for help", () => {
    expect(parseEvaluationArgs(["--help"])).toEqual({ ok: true, help: true });
  });

  it("names the bad flag and value", () => {
    const base = ["--questions", "q.jsonl", "--model", "m"];
    expect(usage([])).toBe("--questions is required (a .jsonl or .csv file)");
    expect(usage(["--questions", "q.txt", "--model", "m"])).toBe('--questions must name a .jsonl or .csv file, not "q.txt"');
    expect(usage([...base, "--bogus", "1"])).toBe("unknown flag --bogus");
    expect(usage([...base, "stray"])).toBe('unexpected argument "stray" (flags start with --)');
    expect(usage([...base, "--repeats"])).toBe("--repeats needs a value");
    expect(usage([...base, "--repeats", "4"])).toBe("--repeats must be from 1 to 3, not 4");
    expect(usage([...base, "--repeats", "two"])).toBe('--repeats must be a whole number from 1 to 3, not "two"');
    expect(usage([...base, "--concurrency", "0"])).toBe("--concurrency must be from 1 to 16, not 0");
    expect(usage([...base, "--concurrency", "17"])).toBe("--concurrency must be from 1 to 16, not 17");
    expect(usage([...base, "--min-pass", "1.5"])).toBe("--min-pass must be from 0 to 1, not 1.5");
    expect(usage([...base, "--min-pass", "-0.1"])).toBe('--min-pass must be a number from 0 to 1, not "-0.1"');
    expect(usage([...base, "--max-cost", "lots"])).toBe('--max-cost must be a number from 0 to 10000, not "lots"');
    expect(usage([...base, "--json", "a.json", "--json", "b.json"])).toBe("--json is given twice");
    expect(usage([...base, "--check", "pattern:(a"])).toMatch(/^--check "pattern:\(a": pattern: "\(a" is not a valid RE2 pattern/);
    expect(usage([...base, "--model", "has space"])).toBe('--model is not a model id: "has space"');
  });

  it("needs something to evaluate, at most four things, and versions with a preset", () => {
    expect(usage(["--questions", "q.jsonl"])).toBe("name what to evaluate: --preset <slug> --versions <a,b>, or --model <id>");
    expect(usage(["--questions", "q.jsonl", "--versions", "1"])).toBe("--versions needs --preset");
    expect(usage(["--questions", "q.jsonl", "--preset", "p"])).toContain("--preset needs --versions");
    expect(usage(["--questions", "q.jsonl", "--preset", "..", "--versions", "1"])).toBe('--preset is not a preset slug: ".."');
    expect(usage(["--questions", "q.jsonl", "--preset", "p", "--versions", "1,x"])).toContain('not "x"');
    expect(usage(["--questions", "q.jsonl", "--preset", "p", "--versions", "1,1"])).toBe("--versions lists a version twice");
    expect(usage(["--questions", "q.jsonl", "--preset", "p", "--versions", "1,2,3", "--model", "a", "--model", "b"])).toBe("at most 4 versions and models in all, not 5");
  });

  it("reads the baseline gate, the summary, --resume and --server", () => {
    const base = ["--questions", "q.jsonl", "--preset", "web-research", "--versions", "3"];
    expect(options([...base, "--baseline", "designated"])).toMatchObject({ baseline: "designated", regressions: { k: 1, n: 1 } });
    expect(options([...base, "--repeats", "3", "--baseline", "2"])).toMatchObject({ baseline: 2, regressions: { k: 2, n: 3 } });
    expect(options([...base, "--repeats", "3", "--baseline=2", "--regressions", "1/3", "--markdown", "out.md", "--resume", "--state", "st"])).toMatchObject({
      regressions: { k: 1, n: 3 },
      markdownPath: "out.md",
      resume: true,
      stateDir: "st",
    });
    expect(options([...base, "--server", "https://gh.example.com/"]).server).toBe("https://gh.example.com");
  });

  it("refuses a bad baseline gate, naming the flag", () => {
    const base = ["--questions", "q.jsonl", "--preset", "web-research", "--versions", "3"];
    expect(usage([...base, "--regressions", "1/1"])).toBe("--regressions needs --baseline");
    expect(usage(["--questions", "q.jsonl", "--model", "m", "--baseline", "1"])).toMatch(/^--baseline needs --preset/);
    expect(usage([...base, "--baseline", "latest"])).toMatch(/^--baseline must be "designated" or a version number/);
    expect(usage([...base, "--repeats", "2", "--baseline", "1", "--regressions", "3/2"])).toMatch(/^--regressions: k must be from 1 to n \(2\)/);
    expect(usage([...base, "--repeats", "2", "--baseline", "1", "--regressions", "1/3"])).toMatch(/^--regressions: n must be the number of repeats/);
    expect(usage([...base, "--resume=yes"])).toBe("--resume takes no value");
    expect(usage([...base, "--resume", "--resume"])).toBe("--resume is given twice");
    expect(usage([...base, "--markdown", ""])).toBe("--markdown needs a file path");
  });

  it("refuses a --server address that is not one, never echoing it", () => {
    const base = ["--questions", "q.jsonl", "--model", "m"];
    expect(usage([...base, "--server", "ftp://x"])).toMatch(/^--server must be an http\(s\) URL/);
    const withSecret = usage([...base, "--server", "https://me:s3cret@gh.example.com"]);
    expect(withSecret).toMatch(/^--server must not carry credentials: set GATEHOUSE_TOKEN/);
    expect(withSecret).not.toContain("s3cret");
    expect(usage([...base, "--server", "https://gh.example.com?token=abc"])).toMatch(/^--server must be the dashboard's address/);
    expect(usage([...base, "--server", "https://gh.example.com", "--resume"])).toMatch(/^--resume is for local runs/);
  });
});
