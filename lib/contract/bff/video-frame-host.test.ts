import { describe, expect, it } from "vitest";
import { GenerationSettingsSchema } from "./video-generations";
import { frameHostProblem } from "./video-frame-host";

/** Each class of address the gateway must not be sent to fetch, in the spellings the WHATWG parser normalises. */
const REFUSED: Record<string, string[]> = {
  "IPv4 literals": [
    "https://169.254.169.254/latest/meta-data/",
    "https://127.0.0.1/a.png",
    "https://10.0.0.8:8443/a.png",
    "https://8.8.8.8/a.png",
    // Decimal, hex, octal and short forms: new URL() turns each into dotted decimal.
    "https://2852039166/latest",
    "https://0xa9fea9fe/latest",
    "https://0x7f.1/a.png",
    "https://0177.0.0.1/a.png",
    "https://127.1/a.png",
    "https://169.254.169.254./latest",
  ],
  "IPv6 literals": ["https://[::1]/a.png", "https://[fd00::1]/a.png", "https://[::ffff:169.254.169.254]/latest", "https://[2001:4860:4860::8888]/a.png"],
  "reserved names": [
    "https://localhost/a.png",
    "https://LOCALHOST./a.png",
    "https://app.localhost/a.png",
    "https://printer.local/a.png",
    "https://metadata.google.internal/computeMetadata/v1/",
    "https://db.internal/a.png",
    "https://router.home.arpa/a.png",
  ],
  "single-label names": ["https://intranet/a.png", "https://metadata/a.png", "https://wiki./a.png"],
  credentials: ["https://user:secret@cdn.example.com/a.png", "https://user@cdn.example.com/a.png"],
};

describe("frame image URLs: https to a public host name only", () => {
  for (const [kind, urls] of Object.entries(REFUSED)) {
    it(`refuses ${kind}`, () => {
      for (const url of urls) expect(frameHostProblem(url), url).not.toBeNull();
    });
  }

  it("takes public host names, ports and paths, and leaves data: URLs to the image checks", () => {
    for (const url of ["https://example.com/last.png", "https://cdn.example.org:8443/a/b.png?x=1", "https://images.localhost-cdn.com/a.png", "https://xn--bcher-kva.example/a.png"]) {
      expect(frameHostProblem(url), url).toBeNull();
    }
    expect(frameHostProblem("data:image/png;base64,iVBORw0KGgo=")).toBeNull();
  });

  it("the BFF's schema refuses them naming the field", () => {
    const result = GenerationSettingsSchema.safeParse({ last_frame: "https://0xa9fea9fe/latest" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["last_frame"], message: expect.stringMatching(/not an IP address/) });
  });
});
