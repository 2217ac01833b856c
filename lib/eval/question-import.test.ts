import { describe, expect, it } from "vitest";
import { exportQuestionsCsv, exportQuestionsJsonl } from "./question-export";
import { formatFromFileName } from "./question-file-format";
import { importQuestions } from "./question-import";
import { QUESTION_LIMITS, QuestionRowSchema, type QuestionRow } from "./questions";

function ok(result: ReturnType<typeof importQuestions>): QuestionRow[] {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.errors)}`);
  return result.rows;
}

function errors(result: ReturnType<typeof importQuestions>) {
  if (result.ok) throw new Error("expected errors");
  return result;
}

describe("CSV import", () => {
  it("reads every column, list cells split on ; or , and booleans in several spellings", () => {
    const csv = [
      "Question,Expected,Tags,Allowed Domains,time-sensitive",
      'What is RE2?,"linear time, no backtracking",regex; safety,"WWW.GitHub.com, go.dev",yes',
      "Who won?,,sport,,0",
      "Plain,,,,",
    ].join("\n");
    expect(ok(importQuestions(csv, "csv"))).toEqual([
      { question: "What is RE2?", expected: "linear time, no backtracking", tags: ["regex", "safety"], allowed_domains: ["github.com", "go.dev"], time_sensitive: true },
      { question: "Who won?", tags: ["sport"], allowed_domains: [], time_sensitive: false },
      { question: "Plain", tags: [], allowed_domains: [], time_sensitive: false },
    ]);
  });

  it("reports every bad row with the line it starts on, counting quoted line breaks and blank lines", () => {
    const csv = [
      "question,expected,tags,allowed_domains,time_sensitive",
      '"A question',
      'spanning two lines",,,,true', // lines 2-3: fine
      "",
      ",,,,false", // line 5: empty question
      '"ok",,,https://example.com/path,maybe', // line 6: two bad fields
      "ok,,,,", // line 7: fine
      "too,many,cells,here,true,extra", // line 8
    ].join("\r\n");
    const result = errors(importQuestions(csv, "csv"));
    expect(result.errors).toEqual([
      { line: 5, field: "question", message: "is required" },
      { line: 6, field: "time_sensitive", message: 'must be true/false, yes/no or 1/0, not "maybe"' },
      { line: 8, field: "row", message: "has 6 cells, the header has 5" },
    ]);
    expect(result.error_count).toBe(3);
  });

  it("reports schema errors by field path once the cells are readable", () => {
    const long = "x".repeat(QUESTION_LIMITS.questionMaxChars + 1);
    const csv = ["question,tags,allowed_domains", `${long},a,example.com`, `fine,${"t".repeat(41)},not a host;ok.org`].join("\n");
    const result = errors(importQuestions(csv, "csv"));
    expect(result.errors.map((e) => [e.line, e.field])).toEqual([
      [2, "question"],
      [3, "tags[0]"],
      [3, "allowed_domains[0]"],
    ]);
  });

  it("reports a malformed quote and goes on checking the rest", () => {
    const csv = ["question,time_sensitive", 'bad "quote",true', "fine,nope"].join("\n");
    const result = errors(importQuestions(csv, "csv"));
    expect(result.errors).toHaveLength(2);
    expect(result.errors[0]).toMatchObject({ line: 2, field: "row", message: expect.stringContaining("is not valid CSV") });
    expect(result.errors[1]).toEqual({ line: 3, field: "time_sensitive", message: 'must be true/false, yes/no or 1/0, not "nope"' });
  });

  it("refuses unknown, duplicate or missing columns in the header", () => {
    expect(errors(importQuestions("question,colour,question\nq,red,q\n", "csv")).errors).toEqual([
      { line: 1, field: "header", message: 'column "colour" is not one of question, expected, tags, allowed_domains, time_sensitive, checks or vars.<name>' },
      { line: 1, field: "header", message: 'column "question" appears twice' },
    ]);
    expect(errors(importQuestions("expected\nx\n", "csv")).errors[0].message).toBe('must have a "question" column');
    expect(errors(importQuestions("", "csv")).errors[0].field).toBe("file");
    expect(errors(importQuestions("question\n", "csv")).errors[0].message).toBe("has no questions");
  });

  it("lists the first 100 errors and counts all of them", () => {
    const csv = ["question", ...Array.from({ length: 150 }, () => '""')].join("\n");
    const result = errors(importQuestions(csv, "csv"));
    expect(result.errors).toHaveLength(100);
    expect(result.error_count).toBe(150);
    expect(result.errors[99].line).toBe(101);
  });

  it("bounds the row count and the file size", () => {
    const many = ["question", ...Array.from({ length: QUESTION_LIMITS.rowsMax + 1 }, (_, i) => `q${i}`)].join("\n");
    expect(errors(importQuestions(many, "csv")).errors).toEqual([{ line: QUESTION_LIMITS.rowsMax + 2, field: "file", message: "has more than 10000 questions" }]);
    const huge = "question\n" + "x".repeat(QUESTION_LIMITS.fileMaxBytes);
    expect(errors(importQuestions(huge, "csv")).errors[0]).toMatchObject({ field: "file", message: "is larger than 16 MiB" });
  });

  it("bounds one record's length", () => {
    const csv = `question,expected\nq,"${"e".repeat(QUESTION_LIMITS.lineMaxChars)}"\n`;
    expect(errors(importQuestions(csv, "csv")).errors).toEqual([{ line: 2, field: "row", message: `is longer than ${QUESTION_LIMITS.lineMaxChars} characters` }]);
  });
});

describe("JSONL import", () => {
  it("reads one object per line and skips blank lines", () => {
    const jsonl = ['{"question":"a","tags":["x"],"allowed_domains":["Example.COM."]}', "", '{"question":"b","time_sensitive":true}'].join("\n");
    expect(ok(importQuestions(jsonl, "jsonl"))).toEqual([
      { question: "a", tags: ["x"], allowed_domains: ["example.com"], time_sensitive: false },
      { question: "b", tags: [], allowed_domains: [], time_sensitive: true },
    ]);
  });

  it("reports every bad line: bad JSON, not an object, unknown keys, wrong types", () => {
    const jsonl = [
      '{"question":"fine"}',
      "{not json",
      "[1,2]",
      '{"questoin":"typo"}',
      '{"question":"q","time_sensitive":"yes","tags":"a"}',
    ].join("\n");
    const result = errors(importQuestions(jsonl, "jsonl"));
    expect(result.errors.map((e) => [e.line, e.field])).toEqual([
      [2, "row"],
      [3, "row"],
      [4, "question"],
      [4, "questoin"],
      [5, "tags"],
      [5, "time_sensitive"],
    ]);
  });

  it("names the file format from the file name", () => {
    expect(formatFromFileName("set.CSV")).toBe("csv");
    expect(formatFromFileName("set.jsonl")).toBe("jsonl");
    expect(formatFromFileName("set.ndjson")).toBe("jsonl");
    expect(formatFromFileName("set.json")).toBeNull();
    expect(formatFromFileName("set.xlsx")).toBeNull();
  });
});

describe("export", () => {
  const rows: QuestionRow[] = QuestionRowSchema.array().parse([
    { question: 'Quote " and, comma', expected: "line one\nline two", tags: ["a", "b"], allowed_domains: ["example.com"], time_sensitive: true },
    { question: "=HYPERLINK(\"http://evil\")", expected: "+1", tags: ["-x", "@y"], allowed_domains: [] },
    { question: "Plain question", expected: "\tTabbed" },
    { question: "Ünïcödé 😀 question", tags: [] },
  ]);

  it("quotes per RFC 4180 and neutralises formulas with an apostrophe", () => {
    const csv = exportQuestionsCsv(rows);
    expect(csv.startsWith('question,expected,tags,allowed_domains,time_sensitive\r\n"Quote "" and, comma","line one\nline two",a; b,example.com,true\r\n')).toBe(true);
    expect(csv).toContain(`'=HYPERLINK(""http://evil"")`);
    expect(csv).toContain(",'+1,'-x; @y,,false");
    expect(csv).toContain(`,'\tTabbed,`);
    expect(csv.endsWith("\r\n")).toBe(true);
  });

  it("round-trips through CSV", () => {
    expect(ok(importQuestions(exportQuestionsCsv(rows), "csv"))).toEqual(rows);
  });

  it("round-trips through JSONL", () => {
    const jsonl = exportQuestionsJsonl(rows);
    expect(jsonl.split("\n")).toHaveLength(rows.length + 1);
    expect(ok(importQuestions(jsonl, "jsonl"))).toEqual(rows);
  });
});
