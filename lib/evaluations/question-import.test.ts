import { describe, expect, it } from "vitest";
import { csvCell, exportQuestionsCsv, exportQuestionsJsonl } from "./question-export";
import { formatFromFileName } from "./question-file-format";
import { importQuestions } from "./question-import";
import { QUESTION_LIMITS, QuestionRowSchema, type QuestionRow } from "./questions";

function ok(result: Awaited<ReturnType<typeof importQuestions>>): QuestionRow[] {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.errors)}`);
  return result.rows;
}

function errors(result: Awaited<ReturnType<typeof importQuestions>>) {
  if (result.ok) throw new Error("expected errors");
  return result;
}

describe("CSV import", () => {
  it("reads every column, list cells split on ; or , and booleans in several spellings", async () => {
    const csv = [
      "Question,Expected,Tags,Allowed Domains,time-sensitive",
      'What is RE2?,"linear time, no backtracking",regex; safety,"WWW.GitHub.com, go.dev",yes',
      "Who won?,,sport,,0",
      "Plain,,,,",
    ].join("\n");
    expect(ok(await importQuestions(csv, "csv"))).toEqual([
      { question: "What is RE2?", expected: "linear time, no backtracking", tags: ["regex", "safety"], allowed_domains: ["github.com", "go.dev"], time_sensitive: true },
      { question: "Who won?", tags: ["sport"], allowed_domains: [], time_sensitive: false },
      { question: "Plain", tags: [], allowed_domains: [], time_sensitive: false },
    ]);
  });

  it("reports every bad row with the line it starts on, counting quoted line breaks and blank lines", async () => {
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
    const result = errors(await importQuestions(csv, "csv"));
    expect(result.errors).toEqual([
      { line: 5, field: "question", message: "is required" },
      { line: 6, field: "time_sensitive", message: 'must be true/false, yes/no or 1/0, not "maybe"' },
      // A row's every error at once, not the next only once the first is fixed (issue 38).
      { line: 6, field: "allowed_domains[0]", message: '"https://example.com/path" must be a hostname like example.com (no scheme or path)' },
      { line: 8, field: "row", message: "has 6 cells, the header has 5" },
    ]);
    expect(result.error_count).toBe(4);
  });

  it("reports schema errors by field path once the cells are readable", async () => {
    const long = "x".repeat(QUESTION_LIMITS.questionMaxChars + 1);
    const csv = ["question,tags,allowed_domains", `${long},a,example.com`, `fine,${"t".repeat(41)},not a host;ok.org`].join("\n");
    const result = errors(await importQuestions(csv, "csv"));
    expect(result.errors.map((e) => [e.line, e.field])).toEqual([
      [2, "question"],
      [3, "tags[0]"],
      [3, "allowed_domains[0]"],
    ]);
  });

  it("reports a malformed quote and goes on checking the rest", async () => {
    const csv = ["question,time_sensitive", 'bad "quote",true', "fine,nope"].join("\n");
    const result = errors(await importQuestions(csv, "csv"));
    expect(result.errors).toHaveLength(2);
    expect(result.errors[0]).toMatchObject({ line: 2, field: "row", message: expect.stringContaining("is not valid CSV") });
    expect(result.errors[1]).toEqual({ line: 3, field: "time_sensitive", message: 'must be true/false, yes/no or 1/0, not "nope"' });
  });

  it("refuses unknown, duplicate or missing columns in the header", async () => {
    expect(errors(await importQuestions("question,colour,question\nq,red,q\n", "csv")).errors).toEqual([
      { line: 1, field: "header", message: 'column "colour" is not one of question, expected, tags, allowed_domains, time_sensitive, checks or vars.<name>' },
      { line: 1, field: "header", message: 'column "question" appears twice' },
    ]);
    expect(errors(await importQuestions("expected\nx\n", "csv")).errors[0].message).toBe('must have a "question" column');
    expect(errors(await importQuestions("", "csv")).errors[0].field).toBe("file");
    expect(errors(await importQuestions("question\n", "csv")).errors[0].message).toBe("has no questions");
  });

  it("lists the first 100 errors and counts all of them", async () => {
    const csv = ["question", ...Array.from({ length: 150 }, () => '""')].join("\n");
    const result = errors(await importQuestions(csv, "csv"));
    expect(result.errors).toHaveLength(100);
    expect(result.error_count).toBe(150);
    expect(result.errors[99].line).toBe(101);
  });

  it("bounds the row count and the file size", async () => {
    const many = ["question", ...Array.from({ length: QUESTION_LIMITS.rowsMax + 1 }, (_, i) => `q${i}`)].join("\n");
    expect(errors(await importQuestions(many, "csv")).errors).toEqual([{ line: QUESTION_LIMITS.rowsMax + 2, field: "file", message: "has more than 10000 questions" }]);
    const huge = "question\n" + "x".repeat(QUESTION_LIMITS.fileMaxBytes);
    expect(errors(await importQuestions(huge, "csv")).errors[0]).toMatchObject({ field: "file", message: "is larger than 16 MiB" });
  });

  it("bounds one record's length", async () => {
    const csv = `question,expected\nq,"${"e".repeat(QUESTION_LIMITS.lineMaxChars)}"\n`;
    expect(errors(await importQuestions(csv, "csv")).errors).toEqual([{ line: 2, field: "row", message: `is longer than ${QUESTION_LIMITS.lineMaxChars} characters` }]);
  });
});

describe("JSONL import", () => {
  it("reads one object per line and skips blank lines", async () => {
    const jsonl = ['{"question":"a","tags":["x"],"allowed_domains":["Example.COM."]}', "", '{"question":"b","time_sensitive":true}'].join("\n");
    expect(ok(await importQuestions(jsonl, "jsonl"))).toEqual([
      { question: "a", tags: ["x"], allowed_domains: ["example.com"], time_sensitive: false },
      { question: "b", tags: [], allowed_domains: [], time_sensitive: true },
    ]);
  });

  it("reports every bad line: bad JSON, not an object, unknown keys, wrong types", async () => {
    const jsonl = [
      '{"question":"fine"}',
      "{not json",
      "[1,2]",
      '{"questoin":"typo"}',
      '{"question":"q","time_sensitive":"yes","tags":"a"}',
    ].join("\n");
    const result = errors(await importQuestions(jsonl, "jsonl"));
    expect(result.errors.map((e) => [e.line, e.field])).toEqual([
      [2, "row"],
      [3, "row"],
      [4, "question"],
      [4, "questoin"],
      [5, "tags"],
      [5, "time_sensitive"],
    ]);
  });

  it("names the file format from the file name", async () => {
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

  it("quotes per RFC 4180 and neutralises formulas with an apostrophe", async () => {
    const csv = exportQuestionsCsv(rows);
    expect(csv.startsWith('question,expected,tags,allowed_domains,time_sensitive\r\n"Quote "" and, comma","line one\nline two",a; b,example.com,true\r\n')).toBe(true);
    expect(csv).toContain(`'=HYPERLINK(""http://evil"")`);
    expect(csv).toContain(",'+1,'-x; @y,,false");
    expect(csv).toContain(`,'\tTabbed,`);
    expect(csv.endsWith("\r\n")).toBe(true);
  });

  it("round-trips through CSV", async () => {
    expect(ok(await importQuestions(exportQuestionsCsv(rows), "csv"))).toEqual(rows);
  });

  it("round-trips through JSONL", async () => {
    const jsonl = exportQuestionsJsonl(rows);
    expect(jsonl.split("\n")).toHaveLength(rows.length + 1);
    expect(ok(await importQuestions(jsonl, "jsonl"))).toEqual(rows);
  });
});

describe("CSV formula cells (issue 36, finding 12)", () => {
  // What a spreadsheet would run: the trigger first, after whitespace or a line break, or in fullwidth form.
  const FORMULAS = ["=1+1", "+1", "-1", "@SUM(A1)", " =cmd", "  +x", "\t=x", "\r=x", "\n=HYPERLINK(\"http://evil\")", "\r\n@x", "\u00a0=x", "\u3000=x", "＝1+1", "＋1", "－1", "＠x", " ＝x", "\tplain", "\rplain", "\nplain"];
  const SAFE = ["plain", "a=b", "1-2", "e-mail@x", "'quoted", ""];

  it.each(FORMULAS)("neutralises %j with a leading apostrophe", (cell) => {
    const written = csvCell(cell);
    // The cell's text as a spreadsheet reads it (RFC 4180 quotes undone) starts with the apostrophe.
    const text = written.startsWith('"') ? written.slice(1, -1).replace(/""/g, '"') : written;
    expect(text).toBe(`'${cell}`);
  });

  it.each(SAFE)("leaves %j as it is", (cell) => {
    expect(csvCell(cell)).toBe(cell);
  });

  it("reads every neutralised cell back unchanged", async () => {
    const rows = QuestionRowSchema.array().parse(FORMULAS.filter((cell) => cell.trim() !== "" && cell.trim() === cell).map((cell) => ({ question: `q`, expected: cell })));
    expect(ok(await importQuestions(exportQuestionsCsv(rows), "csv"))).toEqual(rows);
  });
});

describe("streamed import stops at the row or byte limit (issue 36, finding 7)", () => {
  /** A file given a chunk at a time, counting what the import pulled; `done` once the import stopped pulling. */
  function lazyFile(header: string, line: (i: number) => string, lines: number) {
    const state = { pulledLines: 0, closed: false };
    async function* chunks(): AsyncGenerator<Uint8Array> {
      try {
        yield new TextEncoder().encode(`${header}\n`);
        for (let i = 0; i < lines; i += 1000) {
          let text = "";
          for (let j = i; j < Math.min(lines, i + 1000); j++) text += `${line(j)}\n`;
          state.pulledLines = Math.min(lines, i + 1000);
          yield new TextEncoder().encode(text);
        }
      } finally {
        state.closed = true;
      }
    }
    return { state, chunks: chunks() };
  }

  it.each(["csv", "jsonl"] as const)("%s: a million rows are refused at row 10,001, the rest never read", async (format) => {
    const file = format === "csv" ? lazyFile("question", (i) => `q${i}`, 1_000_000) : lazyFile('{"question":"q"}', (i) => `{"question":"q${i}"}`, 1_000_000);
    const result = errors(await importQuestions(file.chunks, format));
    // The CSV's header is a line of its own; the JSONL's first line is a question.
    expect(result.errors).toEqual([{ line: QUESTION_LIMITS.rowsMax + (format === "csv" ? 2 : 1), field: "file", message: "has more than 10000 questions" }]);
    // Read up to the limit and a little past it (parsers read ahead by a chunk or two), never the whole file.
    expect(file.state.pulledLines).toBeLessThan(20_000);
    expect(file.state.closed).toBe(true);
  });

  it.each(["csv", "jsonl"] as const)("%s: a file over the byte limit is refused once the limit is passed, the rest never read", async (format) => {
    const endless = async function* () {
      for (;;) yield new TextEncoder().encode("x".repeat(1024 * 1024));
    };
    let pulled = 0;
    const counted = async function* () {
      for await (const chunk of endless()) {
        pulled += chunk.byteLength;
        yield chunk;
      }
    };
    const result = errors(await importQuestions(counted(), format));
    expect(result.errors).toEqual([{ line: 1, field: "file", message: "is larger than 16 MiB" }]);
    expect(pulled).toBeLessThanOrEqual(QUESTION_LIMITS.fileMaxBytes + 1024 * 1024);
  });

  it("gives the event loop turns while it reads a large text (other requests are served meanwhile)", async () => {
    const csv = ["question,expected", ...Array.from({ length: QUESTION_LIMITS.rowsMax }, (_, i) => `Question number ${i}?,${"answer ".repeat(30)}`)].join("\n");
    let turns = 0;
    let importing = true;
    const tick = () => {
      turns += 1;
      if (importing) setImmediate(tick);
    };
    setImmediate(tick);
    const imported = await importQuestions(csv, "csv");
    importing = false;
    expect(ok(imported)).toHaveLength(QUESTION_LIMITS.rowsMax);
    // Parsed whole in one go, the loop would turn once at most; read a chunk at a time, it turns between chunks.
    expect(turns).toBeGreaterThan(csv.length / (256 * 1024));
  });
});
