/**
 * An environment full of settings a developer might have exported in their shell, each pointing somewhere
 * wrong. `npm test` runs the unit suite under it: a test that reads the caller's environment instead of
 * setting what it needs fails there, on every machine, not only on the one with the stray variable.
 */
export const HOSTILE_SETTINGS: Readonly<Record<string, string>> = {
  GATEWAY_URL: "http://127.0.0.1:9/hostile/api/v1",
  GATEWAY_API_KEY: "key-from-the-shell",
  GATEWAY_MANAGEMENT_KEY: "management-key-from-the-shell",
  GATEWAY_TIMEOUT_MS: "1",
  GATEHOUSE_MODE: "not-a-mode",
  EMBEDDED_GATEWAY_API_KEY: "embedded-key-from-the-shell",
  EMBEDDED_GATEWAY_MANAGEMENT_KEY: "embedded-management-key-from-the-shell",
  EMBEDDED_GATEWAY_FAULTS: "1",
  EMBEDDED_GATEWAY_STRICT: "1",
  EMBEDDED_GATEWAY_DEMO_FILES: "7",
  EMBEDDED_GATEWAY_RATE_LIMIT: "1",
  EMBEDDED_GATEWAY_MAX_UPLOAD_BYTES: "1",
  EMBEDDED_GATEWAY_CORPUS: "/nonexistent/corpus",
  DATA_DIR: "/nonexistent/hostile-data",
  DATABASE_URL: "postgres://hostile.invalid:1/none",
  AUTH_SECRET: "short",
  AUTH_URL: "https://hostile.invalid",
  DEMO_PASSWORD: "password-from-the-shell",
  MAX_UPLOAD_BYTES: "1",
  OIDC_ISSUER: "https://idp.hostile.invalid",
  OIDC_CLIENT_ID: "client-from-the-shell",
  OIDC_LINK_PASSWORD_ACCOUNTS: "1",
  TRUST_PROXY_HOPS: "9",
  HOSTNAME: "hostile.invalid",
  PORT: "1",
  MODEL_MAX_COST_PER_DAY_USD: "0.000001",
  EVAL_MAX_COST_PER_RUN_USD: "0.000001",
};
