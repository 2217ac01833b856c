import { describe, expect, it } from "vitest";
import { syntheticContent } from "./synthetic-content";

describe("synthetic content", () => {
  it("has exactly the stated size, is deterministic, and text stays valid UTF-8", async () => {
    const read = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());
    for (const [mime, size] of [["text/markdown", 70_001], ["image/png", 131_073], ["text/plain", 3]] as const) {
      const a = await read(syntheticContent("or_file_x", mime, size));
      const b = await read(syntheticContent("or_file_x", mime, size));
      expect(a.byteLength).toBe(size);
      expect(a.equals(b)).toBe(true);
      if (mime.startsWith("text/")) expect(() => new TextDecoder("utf-8", { fatal: true }).decode(a)).not.toThrow();
    }
    const png = await read(syntheticContent("or_file_y", "image/png", 100));
    expect(png.subarray(1, 4).toString()).toBe("PNG");
  });
});
