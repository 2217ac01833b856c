import { describe, expect, it } from "vitest";
import { VIDEO_LIMITS } from "@/lib/contract/gateway/videos";
import {
  FRAME_IMAGE_MAX_BYTES,
  FRAME_URL_MAX_CHARS,
  formatBytes,
  frameDataUrl,
  frameFileProblem,
  frameImageTypeOf,
  frameUrlProblem,
  parseFrameDataUrl,
} from "./generation-frames";

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;
const png = (size: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(size - PNG_HEAD.length, 7)]);

describe("frame images", () => {
  it("types a file by its media type, else by its extension", () => {
    expect(frameImageTypeOf({ type: "image/png", name: "x" })).toBe("image/png");
    expect(frameImageTypeOf({ mime_type: "IMAGE/JPEG" })).toBe("image/jpeg");
    // A gateway file's `type` is the object's kind, not its media type.
    expect(frameImageTypeOf({ type: "file", mime_type: "image/png", filename: "diagram.png" })).toBe("image/png");
    expect(frameImageTypeOf({ type: "file", mime_type: "application/pdf", filename: "x.pdf" })).toBeNull();
    expect(frameImageTypeOf({ type: "", name: "photo.WEBP" })).toBe("image/webp");
    expect(frameImageTypeOf({ mime_type: "application/octet-stream", filename: "a.jpg" })).toBe("image/jpeg");
    expect(frameImageTypeOf({ type: "image/gif", name: "a.png" })).toBeNull();
    expect(frameImageTypeOf({ type: "", name: "notes.txt" })).toBeNull();
  });

  it("refuses a file of another type, an empty one and one over the bound, naming the field", () => {
    expect(frameFileProblem({ type: "image/png", name: "a.png", size: 100 }, "first_frame")).toBeNull();
    expect(frameFileProblem({ type: "image/gif", name: "a.gif", size: 100 }, "first_frame")).toBe("First frame: a.gif is not a PNG, JPEG or WebP image");
    expect(frameFileProblem({ type: "image/png", name: "a.png", size: FRAME_IMAGE_MAX_BYTES + 1 }, "last_frame")).toBe(
      "Last frame: the image is 1.0 MB, over the 1.0 MB limit",
    );
    expect(frameFileProblem({ type: "image/png", name: "a.png", size: 0 }, "last_frame")).toMatch(/Last frame: .*empty/);
    expect(formatBytes(67)).toBe("67 B");
    expect(formatBytes(640 * 1024)).toBe("640 kB");
  });

  it("reads a data: URL of an image: its type and size, the bytes matching the type", () => {
    expect(parseFrameDataUrl(dataUrl("image/png", png(100)))).toMatchObject({ type: "image/png", bytes: 100 });
    expect(parseFrameDataUrl(dataUrl("image/png", Buffer.from("GIF89a-not-a-png")))).toMatch(/not .*PNG/);
    expect(parseFrameDataUrl(dataUrl("image/gif", png(100)))).toMatch(/PNG, JPEG or WebP/);
    expect(parseFrameDataUrl("data:image/png;base64,@@@@")).toBe("is not valid base64");
    expect(parseFrameDataUrl("data:image/png,rawtext")).toMatch(/base64 data: URL/);
    const webp = Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBPVP8 "), Buffer.alloc(20)]);
    expect(parseFrameDataUrl(dataUrl("image/webp", webp))).toMatchObject({ type: "image/webp" });
    expect(parseFrameDataUrl(dataUrl("image/jpeg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2])))).toMatchObject({ type: "image/jpeg", bytes: 6 });
  });

  it("bounds the image: the largest allowed passes, one byte more is refused", () => {
    const largest = dataUrl("image/png", png(FRAME_IMAGE_MAX_BYTES));
    expect(largest.length).toBeLessThanOrEqual(FRAME_URL_MAX_CHARS);
    expect(frameUrlProblem(largest)).toBeNull();
    expect(frameUrlProblem(dataUrl("image/png", png(FRAME_IMAGE_MAX_BYTES + 1)))).toMatch(/over the 1\.0 MB limit/);
    // The gateway contract's bound on a frame URL takes the largest data: URL the BFF lets through.
    expect(VIDEO_LIMITS.frameImageUrlChars).toBeGreaterThanOrEqual(FRAME_URL_MAX_CHARS);
  });

  it("takes an https URL of bounded length, nothing else", () => {
    expect(frameUrlProblem("https://example.com/a.png")).toBeNull();
    expect(frameUrlProblem(`https://example.com/${"a".repeat(9000)}`)).toMatch(/at most 8192/);
    expect(frameUrlProblem("http://example.com/a.png")).toMatch(/https URL or a data: URL/);
    expect(frameUrlProblem("javascript:alert(1)")).toMatch(/https URL or a data: URL/);
  });

  it("makes the data: URL of an image's bytes, read back to the same type and size", () => {
    const bytes = png(100_000);
    const url = frameDataUrl("image/png", new Uint8Array(bytes));
    expect(url).toBe(dataUrl("image/png", bytes));
    expect(parseFrameDataUrl(url)).toMatchObject({ type: "image/png", bytes: 100_000 });
  });
});
