import { describe, expect, it } from "vitest";
import { locateJsonPath } from "./json-locate";

const text = JSON.stringify(
  {
    model: "m",
    stop: ["a", "b", "c", "d", "e"],
    tools: [{ type: "function", function: { name: "bad name!", parameters: {} } }],
    metadata: { "k\"1": "v" },
  },
  null,
  2,
);

const at = (path: (string | number)[]) => {
  const span = locateJsonPath(text, path);
  return span ? text.slice(span.from, span.to) : null;
};

describe("locateJsonPath", () => {
  it("finds object members by key, starting at the key", () => {
    expect(at(["model"])).toBe('"model": "m"');
    expect(at(["tools", 0, "function", "name"])).toBe('"name": "bad name!"');
    expect(at(["metadata", 'k"1'])).toBe('"k\\"1": "v"');
  });

  it("finds array items by index", () => {
    expect(at(["stop", 4])).toBe('"e"');
    expect(at(["tools", 0, "type"])).toBe('"type": "function"');
  });

  it("falls back to the deepest existing value when a field is missing", () => {
    const span = locateJsonPath(text, ["tools", 0, "function", "description"]);
    expect(span?.depth).toBe(3);
    expect(text.slice(span!.from, span!.to).startsWith('"function": {')).toBe(true);
    expect(locateJsonPath(text, ["nope"])?.depth).toBe(0);
    expect(locateJsonPath(text, ["stop", 9])?.depth).toBe(1);
  });

  it("returns the whole document for the empty path and null for empty text", () => {
    expect(at([])).toBe(text);
    expect(locateJsonPath("   ", [])).toBeNull();
  });
});
