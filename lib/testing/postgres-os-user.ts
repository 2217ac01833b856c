import { execFileSync } from "node:child_process";

export interface OsUser {
  uid: number;
  gid: number;
}

const NAME = "postgres";

/**
 * Whom the test PostgreSQL runs as: undefined for "the invoking user", unless that is root, which
 * PostgreSQL refuses; then the `postgres` system user, made if the machine has none (a fresh container).
 */
export function postgresOsUser(): OsUser | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  const existing = lookUp(NAME);
  if (existing) return existing;
  try {
    execFileSync("groupadd", ["--system", NAME], { stdio: "pipe" });
    execFileSync("useradd", ["--system", "--gid", NAME, "--no-create-home", NAME], { stdio: "pipe" });
  } catch (error) {
    // A parallel run (unit and e2e at once) may have made it first.
    const made = lookUp(NAME);
    if (made) return made;
    const { stderr } = error as { stderr?: Buffer };
    throw new Error(`running as root, and no "${NAME}" user to run PostgreSQL as could be made: ${stderr?.toString().trim() ?? error}`);
  }
  const made = lookUp(NAME);
  if (!made) throw new Error(`made the "${NAME}" user, yet \`id ${NAME}\` does not find it`);
  return made;
}

function lookUp(name: string): OsUser | undefined {
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, name], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    return undefined;
  }
}
