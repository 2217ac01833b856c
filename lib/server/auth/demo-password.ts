import fs from "node:fs";
import { makePrivateDir } from "@/lib/sqlite/private-files";
import path from "node:path";
import { generatePassword } from "./password";

export interface DemoPassword {
  password: string;
  /** True only on the start that created it: the one time it is printed to the console. */
  generated: boolean;
  source: "env" | "file";
}

export function demoPasswordFile(dataDir: string): string {
  return path.join(dataDir, "demo-password");
}

/** DEMO_PASSWORD when set; otherwise the one generated on first start and kept in the data folder. */
export function resolveDemoPassword(dataDir: string, fromEnv: string | undefined): DemoPassword {
  if (fromEnv) return { password: fromEnv, generated: false, source: "env" };
  const file = demoPasswordFile(dataDir);
  try {
    const stored = fs.readFileSync(file, "utf8").trim();
    if (stored) return { password: stored, generated: false, source: "file" };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  makePrivateDir(dataDir);
  const password = generatePassword();
  try {
    // wx: two processes starting at once must agree on one password.
    fs.writeFileSync(file, `${password}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return resolveDemoPassword(dataDir, fromEnv);
    throw error;
  }
  return { password, generated: true, source: "file" };
}
