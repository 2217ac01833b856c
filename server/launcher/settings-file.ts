import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

type Env = Record<string, string | undefined>;

/**
 * An operator's settings file for `npm start` (`.env`, started from `.env.example`), read before anything
 * else. A variable set in the real environment wins over the file. GATEHOUSE_ENV_FILE names another file,
 * or `none`. Returns the file read, or null.
 */
export function loadSettingsFile(root: string, env: Env = process.env): string | null {
  const chosen = env.GATEHOUSE_ENV_FILE?.trim();
  if (chosen === "none") return null;
  const file = path.resolve(root, chosen || ".env");
  if (!existsSync(file)) {
    if (chosen) throw new Error(`GATEHOUSE_ENV_FILE names ${file}, which does not exist.`);
    return null;
  }
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, "utf8")))) {
    if (env[name] === undefined && value !== undefined) env[name] = value;
  }
  return file;
}
