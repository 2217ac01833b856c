import { describe, expect, it } from "vitest";
import { markdownSections, slugifyHeading } from "./markdown-text";

describe("markdown to sections", () => {
  it("keeps prose, drops code, badges and tables, and anchors sections like GitHub", () => {
    const sections = markdownSections(
      [
        "# my-lib",
        "[![build](https://x/badge.svg)](https://x)",
        "A tiny library that does **one** thing well, with [docs](https://x.dev).",
        "## Quick Start!",
        "```js",
        "const secret = 1;",
        "```",
        "| a | b |",
        "|---|---|",
        "Database | Adapter | Native TTL",
        "---|---|---",
        "Redis | @keyv/redis | Yes",
        "Install it with npm and call `run()` to start the engine.",
        "## Quick Start!",
        "Second section with the same heading text for anchors.",
      ].join("\n"),
    );
    expect(sections.map((s) => s.anchor)).toEqual(["my-lib", "quick-start", "quick-start-1"]);
    expect(sections[0].text).toBe("A tiny library that does one thing well, with docs.");
    expect(sections[1].text).toBe("Install it with npm and call run() to start the engine.");
    expect(slugifyHeading("Héllo, Wörld ✨")).toBe("héllo-wörld-");
  });
});
