/**
 * Removes every setting Gatehouse or its embedded gateway reads, so a
 * test sees only what it sets itself, never a developer's shell (an exported EMBEDDED_GATEWAY_API_KEY
 * once made the persistence test fail). Matched by prefix so that a new setting in a known family is
 * covered the day it is added; `npm test` runs the unit suite under a deliberately hostile environment
 * (scripts/hostile-env.ts) to prove it.
 */
const SETTING_PATTERN =
  /^(GATEWAY_|EMBEDDED_GATEWAY_|GATEHOUSE_|AUTH_|NEXTAUTH_|OIDC_|DEMO_|SIGN_IN_|RATE_LIMIT_|USER_LIMIT_|VIDEO_|MODEL_|EVAL_|DATABASE_URL$|DATA_DIR$|PORT$|HOSTNAME$|MAX_UPLOAD_BYTES$|TRUST_PROXY_HOPS$|APP_ORIGIN$|SERVER_|E2E_|BENCH_)/;

export function scrubSettings(env: NodeJS.ProcessEnv = process.env): void {
  for (const name of Object.keys(env)) if (SETTING_PATTERN.test(name)) delete env[name];
  // Nor a developer's settings file: a launcher a test starts reads none (server/start.ts).
  env.GATEHOUSE_ENV_FILE = "none";
}
