import { describe, expect, it } from "vitest";
import { parseJsonArrayInTurns, parseJsonInTurns } from "./json-in-turns";

const rows = [{ question: 'a, "quoted" [bracket] {brace} \\ back', tags: ["x", "y"] }, { question: "b", allowed_domains: [] }, { nested: [[1, 2], { k: ":" }] }];

describe("JSON read in turns reads what JSON.parse reads", () => {
  it.each([
    JSON.stringify({ name: "n", rows }),
    JSON.stringify({ rows, name: "n", note: "rows: [1, 2]" }),
    ` { "name" : "n" , "rows" : [ ${rows.map((row) => JSON.stringify(row, null, 2)).join(" , ")} ] } `,
    JSON.stringify({ name: "n", rows: [] }),
    JSON.stringify({ name: "n", format: "csv", text: '"rows":[1,2]' }),
    JSON.stringify({ inner: { rows: [1, 2] }, rows: [3] }),
    JSON.stringify({ rows: "not an array" }),
    JSON.stringify([1, 2, 3]),
    '"text"',
  ])("%s", async (text) => {
    expect(await parseJsonInTurns(text, "rows")).toEqual(JSON.parse(text));
  });

  it("a key given twice is read as JSON.parse reads it (the last)", async () => {
    const text = '{"rows":[1],"rows":[]}';
    expect(await parseJsonInTurns(text, "rows")).toEqual(JSON.parse(text));
  });

  it("arrays as JSON.stringify writes them, large ones included", async () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ question: `${i} ${"q".repeat(200)}`, tags: [`t${i}`] }));
    for (const value of [rows, [], many]) expect(await parseJsonArrayInTurns(JSON.stringify(value))).toEqual(value);
  });

  it.each(['{"rows":[1,]}', '{"rows":[1 2]}', '{"rows":[1}', '{"rows":[1', '{"rows":[,1]}', '{"rows":[1]', "[1,2", "[1]]", '{"rows":[1]}}'])("refuses %s as JSON.parse does", async (text) => {
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    const read = text.startsWith("[") ? parseJsonArrayInTurns(text) : parseJsonInTurns(text, "rows");
    await expect(read).rejects.toThrow(SyntaxError);
  });
});
