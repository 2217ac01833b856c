import { describe, expect, it } from "vitest";
import { multipartBoundary, MultipartError, readMultipart, type PartInfo } from "./multipart-stream";

async function* chunksOf(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.byteLength; i += size) yield bytes.subarray(i, i + size);
}

async function parse(body: Buffer, size: number, boundary = "XyZ") {
  const parts: (PartInfo & { body: string })[] = [];
  await readMultipart(chunksOf(body, size), boundary, (info) => {
    const part = { ...info, body: "" };
    parts.push(part);
    return { write: (chunk) => void (part.body += Buffer.from(chunk).toString("latin1")), end() {} };
  });
  return parts;
}

describe("readMultipart", () => {
  const body = Buffer.from(
    [
      "preamble",
      "--XyZ",
      'Content-Disposition: form-data; name="note"',
      "",
      "a\r\n--Xy (a partial delimiter is content)",
      "--XyZ  ",
      'Content-Disposition: form-data; name="file"; filename="r\\"e;port – ü.csv"',
      "Content-Type: text/csv",
      "",
      "a,b\r\n1,2\r\n--X",
      "--XyZ",
      "Content-Disposition: form-data; name=file; filename*=UTF-8''%E2%82%AC.txt",
      "",
      "",
      "--XyZ--",
      "epilogue",
    ].join("\r\n"),
  );

  it("hands over each part's bytes the same for any chunking", async () => {
    const expected = await parse(body, body.byteLength);
    expect(expected.map((p) => [p.name, p.filename])).toEqual([
      ["note", null],
      ["file", 'r"e;port – ü.csv'],
      ["file", "€.txt"],
    ]);
    expect(expected[1].body).toBe("a,b\r\n1,2\r\n--X");
    for (let size = 1; size <= 40; size++) expect(await parse(body, size), `chunks of ${size}`).toEqual(expected);
  });

  it("refuses a body without its closing boundary or with endless part headers", async () => {
    await expect(parse(Buffer.from("--XyZ\r\nContent-Disposition: form-data; name=a\r\n\r\nabc"), 7)).rejects.toBeInstanceOf(MultipartError);
    await expect(parse(Buffer.from(`--XyZ\r\nX-Long: ${"a".repeat(40_000)}`), 4096)).rejects.toThrow(/headers are too long/);
  });

  it("reads the boundary from the Content-Type", () => {
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("Multipart/Form-Data; charset=utf-8; boundary=----x")).toBe("----x");
    expect(multipartBoundary("application/json")).toBeNull();
    expect(multipartBoundary(`multipart/form-data; boundary=${"b".repeat(71)}`)).toBeNull();
  });
});
