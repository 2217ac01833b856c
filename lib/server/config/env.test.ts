import { describe, expect, it } from "vitest";
import { EnvError, parseServerEnv } from "./env";

const valid = {
  GATEWAY_URL: "http://127.0.0.1:4010/api/v1/",
  GATEWAY_API_KEY: "k",
  AUTH_SECRET: "x".repeat(32),
};

function problems(env: Record<string, string | undefined>): string[] {
  try {
    parseServerEnv(env);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe("parseServerEnv", () => {
  it("accepts a minimal setup and fills defaults", () => {
    const env = parseServerEnv(valid);
    expect(env.GATEWAY_URL).toBe("http://127.0.0.1:4010/api/v1");
    expect(env.GATEHOUSE_MODE).toBe("remote");
    expect(env.MAX_UPLOAD_BYTES).toBe(100 * 1024 * 1024);
    expect(env.GATEWAY_MANAGEMENT_KEY).toBeUndefined();
  });

  // The defaults themselves are the README's (scripts/env-example.test.ts checks every one the table states).
  it("takes throttle and per-user limits, each checked", () => {
    expect(parseServerEnv({ ...valid, SIGN_IN_WINDOW_SECONDS: "60", RATE_LIMIT_RESPONSES_PER_MINUTE: "5" })).toMatchObject({
      SIGN_IN_WINDOW_SECONDS: 60,
      RATE_LIMIT_RESPONSES_PER_MINUTE: 5,
    });
    expect(problems({ ...valid, SIGN_IN_MAX_FAILURES_PER_EMAIL: "0", RATE_LIMIT_GATEWAY_PER_MINUTE: "lots" })).toEqual([
      "SIGN_IN_MAX_FAILURES_PER_EMAIL must be a positive integer",
      "RATE_LIMIT_GATEWAY_PER_MINUTE must be a positive integer",
    ]);
  });

  it("has a video spending guard in USD, decimals allowed, each setting checked", () => {
    expect(parseServerEnv(valid)).toMatchObject({ VIDEO_MAX_COST_PER_REQUEST_USD: 10, modelMaxCostPerDayUsd: 50, EVAL_MAX_COST_PER_RUN_USD: 20 });
    // The daily limit's old name (video only, before evaluation runs shared the ledger) is still read; the new name wins.
    expect(parseServerEnv({ ...valid, VIDEO_MAX_COST_PER_DAY_USD: "7" })).toMatchObject({ modelMaxCostPerDayUsd: 7, modelMaxCostPerDaySetting: "VIDEO_MAX_COST_PER_DAY_USD" });
    expect(parseServerEnv({ ...valid, VIDEO_MAX_COST_PER_DAY_USD: "7", MODEL_MAX_COST_PER_DAY_USD: "9" })).toMatchObject({
      modelMaxCostPerDayUsd: 9,
      modelMaxCostPerDaySetting: "MODEL_MAX_COST_PER_DAY_USD",
    });
    expect(problems({ ...valid, MODEL_MAX_COST_PER_DAY_USD: "0" })).toEqual(["MODEL_MAX_COST_PER_DAY_USD must be a positive number"]);
    expect(parseServerEnv({ ...valid, VIDEO_MAX_COST_PER_REQUEST_USD: "2.5" }).VIDEO_MAX_COST_PER_REQUEST_USD).toBe(2.5);
    expect(problems({ ...valid, VIDEO_MAX_COST_PER_DAY_USD: "-1" })).toEqual(["VIDEO_MAX_COST_PER_DAY_USD must be a positive number"]);
  });

  it("has no ceiling for unpriced video models unless one is set (a positive USD amount), and a per-user frame-byte bound", () => {
    expect(parseServerEnv(valid).VIDEO_UNPRICED_MODEL_CEILING_USD).toBeUndefined();
    expect(parseServerEnv(valid).VIDEO_MAX_FRAME_BYTES_PER_USER).toBe(50 * 1024 * 1024);
    expect(parseServerEnv({ ...valid, VIDEO_UNPRICED_MODEL_CEILING_USD: " " }).VIDEO_UNPRICED_MODEL_CEILING_USD).toBeUndefined();
    expect(parseServerEnv({ ...valid, VIDEO_UNPRICED_MODEL_CEILING_USD: "1.5" }).VIDEO_UNPRICED_MODEL_CEILING_USD).toBe(1.5);
    for (const value of ["0", "-2", "free"]) {
      expect(problems({ ...valid, VIDEO_UNPRICED_MODEL_CEILING_USD: value })).toEqual(["VIDEO_UNPRICED_MODEL_CEILING_USD must be a positive number"]);
    }
    expect(problems({ ...valid, VIDEO_MAX_FRAME_BYTES_PER_USER: "1.5" })).toEqual(["VIDEO_MAX_FRAME_BYTES_PER_USER must be a positive integer"]);
  });

  it("has the dashboard server's origin and connection bounds, each checked", () => {
    expect(parseServerEnv(valid).APP_ORIGIN).toBeUndefined();
    expect(parseServerEnv({ ...valid, APP_ORIGIN: "https://Gatehouse.Example.com/" }).APP_ORIGIN).toBe("https://gatehouse.example.com");
    expect(problems({ ...valid, APP_ORIGIN: "https://gatehouse.example.com/app", SERVER_MAX_CONNECTIONS: "0" })).toEqual([
      "APP_ORIGIN must be an origin: http(s)://host[:port], no path (e.g. https://gatehouse.example.com)",
      "SERVER_MAX_CONNECTIONS must be a whole number from 1 to 100000",
    ]);
    expect(problems({ ...valid, SERVER_HEADERS_TIMEOUT_MS: "20000", SERVER_REQUEST_TIMEOUT_MS: "10000" })).toEqual([
      "SERVER_HEADERS_TIMEOUT_MS must not be more than SERVER_REQUEST_TIMEOUT_MS",
    ]);
  });

  it("tells how to start when GATEWAY_URL is unset", () => {
    expect(problems({ ...valid, GATEWAY_URL: undefined })).toEqual([
      "GATEWAY_URL is unset: start Gatehouse with `npm start`, which serves the embedded gateway",
    ]);
  });

  it("names each bad setting", () => {
    const found = problems({ GATEWAY_URL: "not a url", AUTH_SECRET: "short", GATEHOUSE_MODE: "cloud", MAX_UPLOAD_BYTES: "-3" });
    expect(found).toContain("GATEWAY_URL is not a valid URL");
    expect(found.some((p) => p.startsWith("GATEWAY_API_KEY is unset"))).toBe(true);
    expect(found.some((p) => p.startsWith("AUTH_SECRET must be at least 32 characters"))).toBe(true);
    expect(found).toContain('GATEHOUSE_MODE must be "embedded" or "remote"');
    expect(found).toContain("MAX_UPLOAD_BYTES must be a positive integer");
  });

  it("refuses a non-http gateway URL", () => {
    expect(problems({ ...valid, GATEWAY_URL: "ftp://x/y" })).toEqual(["GATEWAY_URL must be an http:// or https:// URL"]);
  });

  it("wants OIDC settings complete and a valid role map", () => {
    const found = problems({ ...valid, OIDC_ISSUER: "https://id.example.com", OIDC_ROLE_MAP: "alice@x.com=owner" });
    expect(found).toContain("OIDC_CLIENT_ID is required when OIDC_ISSUER is set");
    expect(found).toContain("OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set");
    expect(found.some((p) => p.startsWith('OIDC_ROLE_MAP has an invalid entry "alice@x.com=owner"'))).toBe(true);
  });

  it("takes a PostgreSQL DATABASE_URL, refuses other schemes, and wants a shared gateway with it", () => {
    expect(parseServerEnv({ ...valid, DATABASE_URL: "postgres://u:p@db.internal:5432/gatehouse" }).DATABASE_URL).toBe(
      "postgres://u:p@db.internal:5432/gatehouse",
    );
    expect(parseServerEnv(valid).DATABASE_URL).toBeUndefined();
    expect(problems({ ...valid, DATABASE_URL: "mysql://db/gatehouse" })).toEqual(["DATABASE_URL must be a postgres:// or postgresql:// URL"]);
    // An instance serving its own embedded gateway cannot share a database with others.
    const embedded = problems({ ...valid, GATEHOUSE_MODE: "embedded", DATABASE_URL: "postgresql://db/gatehouse" });
    expect(embedded).toHaveLength(1);
    expect(embedded[0]).toMatch(/^GATEWAY_URL is required with DATABASE_URL/);
  });

  it("the error message lists every problem", () => {
    expect(() => parseServerEnv({})).toThrow(/GATEWAY_URL is unset[\s\S]*GATEWAY_API_KEY is unset[\s\S]*AUTH_SECRET is unset/);
  });
});
