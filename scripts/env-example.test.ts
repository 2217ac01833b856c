import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseServerEnv } from "@/lib/server/config/env";
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

  it("states the defaults the dashboard's server applies", () => {
    const applied: Record<string, unknown> = parseServerEnv({ GATEWAY_URL: "http://127.0.0.1:4010/api/v1", GATEWAY_API_KEY: "k", AUTH_SECRET: "x".repeat(32) });
    const stated = readmeSettings(readme).flatMap(({ names, defaultValue }) => {
      const number = /^`(\d+)`/.exec(defaultValue);
      return number ? names.filter((name) => name in applied).map((name) => [name, Number(number[1])] as const) : [];
    });
    // Timeouts, connection bounds, upload size, sign-in throttle, rate limits, spending caps, frame bytes, a 0/1 switch.
    expect(stated.length).toBeGreaterThanOrEqual(18);
    for (const [name, value] of stated) expect(applied[name], name).toBe(typeof applied[name] === "boolean" ? value === 1 : value);
  });
});
