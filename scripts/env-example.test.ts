import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { envExample, readmeSettings } from "./env-example";

const root = path.resolve(__dirname, "..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");

describe(".env.example", () => {
  it("is what the README's configuration table gives (npm run env:example)", () => {
    expect(readFileSync(path.join(root, ".env.example"), "utf8")).toBe(envExample(readme));
  });

  it("names every setting of the table, commented, with its default", () => {
    const example = readFileSync(path.join(root, ".env.example"), "utf8");
    const settings = readmeSettings(readme);
    expect(settings.length).toBeGreaterThan(30);
    const lines = example.split("\n");
    for (const { names } of settings) for (const name of names) expect(lines.some((line) => line.startsWith(`# ${name}=`)), name).toBe(true);
    expect(example).toContain("# PORT=3000");
    expect(example).toContain("# GATEWAY_URL=\n");
  });
});
