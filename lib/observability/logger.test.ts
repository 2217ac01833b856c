import { describe, expect, it } from "vitest";
import { addToLogContext, withLogContext } from "./log-context";
import { addLogSecret } from "./log-redaction";
import { createLogger } from "./logger";
import { prettyLogLine } from "./pretty-log";
import { requestIdFor } from "./request-id";

/** A logger writing into an array, with the given settings as its environment. */
function capture(env: Record<string, string> = {}, level: "info" | "debug" = "info") {
  const lines: string[] = [];
  const logger = createLogger({ service: "test", level, format: "json", env, destination: { write: (line: string) => void lines.push(line) } });
  return { logger, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const SECRETS = {
  GATEWAY_API_KEY: "sk-gw-api-0123456789abcdef",
  GATEWAY_MANAGEMENT_KEY: "sk-gw-mgmt-fedcba9876543210",
  AUTH_SECRET: "auth-secret-with-\"quote\"-and-\\backslash-0123456789",
  DEMO_PASSWORD: "demo-pass-4242",
};

describe("the logger", () => {
  it("writes JSON lines with level, time, msg, the service and the request's context", () => {
    const { logger, entries } = capture();
    withLogContext({ request_id: "req-12345678", route: "/api/files" }, () => {
      addToLogContext({ user_id: "user-1" });
      logger.info({ status: 200, duration_ms: 3.2 }, "request");
    });
    logger.info("outside");
    const [inside, outside] = entries();
    expect(inside).toMatchObject({ level: "info", msg: "request", service: "test", request_id: "req-12345678", user_id: "user-1", route: "/api/files", status: 200, duration_ms: 3.2 });
    expect(typeof inside.time).toBe("string");
    expect(Number.isNaN(Date.parse(inside.time as string))).toBe(false);
    expect(outside.request_id).toBeUndefined();
  });

  it("writes nothing below its level", () => {
    const { logger, lines } = capture({}, "info");
    logger.debug("hidden");
    logger.warn("shown");
    expect(lines).toHaveLength(1);
    expect(capture({ LOG_LEVEL: "error" }).logger.level).toBe("info"); // an explicit level wins over LOG_LEVEL
    const fromEnv = createLogger({ service: "t", env: { LOG_LEVEL: "warn" }, format: "json", destination: { write: () => {} } });
    expect(fromEnv.level).toBe("warn");
  });

  it("never writes the keys, passwords, session cookies or secrets, wherever they are put", () => {
    const { logger, lines } = capture(SECRETS);
    addLogSecret("generated-demo-password-99");
    const cookie = "authjs.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0.session";
    // Structured fields the logger's own redaction knows by name.
    logger.info({ headers: { authorization: `Bearer ${SECRETS.GATEWAY_API_KEY}`, cookie, "set-cookie": cookie } }, "headers");
    logger.info({ request: { headers: { Authorization: "Bearer sk-other-9999999999", Cookie: cookie } } }, "nested");
    logger.info({ password: "hunter2-password", body: { password: "hunter3-password", apiKey: "sk-field-1234567890" } }, "fields");
    // The configured secrets' values in message strings, other fields and errors.
    logger.error(`the gateway said: invalid key ${SECRETS.GATEWAY_API_KEY} (management ${SECRETS.GATEWAY_MANAGEMENT_KEY})`);
    logger.error({ err: new Error(`connect failed for ${SECRETS.AUTH_SECRET}`) }, "failure");
    logger.warn({ note: `demo password is ${SECRETS.DEMO_PASSWORD}` }, "note with generated-demo-password-99 inside");
    // A personal access token (the CLI's --server), whoever's it is, in a message.
    logger.error(`the server refused gatehouse_pat_${"t".repeat(43)}`);
    const out = lines.join("");
    for (const secret of [...Object.values(SECRETS), `gatehouse_pat_${"t".repeat(43)}`, "hunter2-password", "hunter3-password", "sk-field-1234567890", "sk-other-9999999999", "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0", "generated-demo-password-99"]) {
      expect(out, secret).not.toContain(secret);
      expect(out, secret).not.toContain(JSON.stringify(secret).slice(1, -1));
    }
    expect(out).toContain("[redacted]");
    expect(lines).toHaveLength(7);
  });
});

describe("the readable form", () => {
  it("puts time, level, the request's short id and the message first, the rest as key=value", () => {
    const line = JSON.stringify({ level: "warn", time: "2026-11-28T01:02:03.456Z", service: "dashboard", request_id: "0123456789abcdef", msg: "request", status: 429, route: "/api/files" });
    expect(prettyLogLine(line, false)).toBe("01:02:03.456 WARN  dashboard [01234567] request status=429 route=/api/files\n");
  });
});

describe("request ids", () => {
  it("takes X-Request-Id only from a trusted proxy, and only when it looks like an id", () => {
    expect(requestIdFor("proxy-id-0001", true)).toBe("proxy-id-0001");
    expect(requestIdFor("proxy-id-0001", false)).not.toBe("proxy-id-0001");
    expect(requestIdFor("bad id\nwith a forged line", true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor("x".repeat(129), true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(undefined, true)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
