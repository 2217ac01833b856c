/**
 * `npm run user -- <command>`: manage Gatehouse's sign-in accounts (the users table in the PostgreSQL
 * database at DATABASE_URL, or DATA_DIR/gatehouse.db) on a real deployment.
 *
 *   add <email> --role <viewer|editor|admin> [--name "Full Name"]   password asked twice without echo, or read from stdin
 *   list
 *   set-role <email> <viewer|editor|admin>
 *   set-password <email>                                             password asked or read from stdin
 *   sign-out <email>                                                 ends every session the user has open
 *   remove <email>
 *   forget-auth-secret                                               (DATABASE_URL) to rotate AUTH_SECRET
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { EmailSchema, PasswordSchema, RoleSchema } from "@/lib/contract/bff/schemas";
import { appDbFile, openAppDb } from "@/lib/server/db/app-db";
import { describeDatabaseUrl } from "@/lib/server/db/database-url";
import { forgetAuthSecret } from "@/lib/server/auth/shared-secret-check";
import { LastAdminError, UserExistsError, UsersStore } from "@/lib/server/db/users-store";
import { setLogService } from "@/lib/observability/logger";

// Standard output is this command's answer: log lines (the database's, say) go to standard error.
setLogService("cli", { toStderr: true });

const USAGE = `Usage: npm run user -- <command>
  add <email> --role <viewer|editor|admin> [--name "Full Name"]
  list
  set-role <email> <viewer|editor|admin>
  set-password <email>
  sign-out <email>      end every session the user has open (a new password or a lower role does this too)
  remove <email>
  forget-auth-secret    (DATABASE_URL) forget the recorded AUTH_SECRET fingerprint, to rotate the secret
The password is asked without echo, or read from stdin when it is not a terminal
(e.g. printf '%s' "$PASSWORD" | npm run user -- add ops@example.com --role admin).
Accounts live in the PostgreSQL database at $DATABASE_URL when it is set, else in
$DATA_DIR/gatehouse.db (DATA_DIR defaults to .data).`;

class UsageError extends Error {}

function readHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(prompt);
    let value = "";
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          done();
          process.stderr.write("\n");
          resolve(value);
          return;
        }
        if (char === "\u0003") {
          done();
          process.stderr.write("\n");
          reject(new UsageError("Cancelled."));
          return;
        }
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    const done = () => {
      stdin.removeListener("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
    };
    stdin.on("data", onData);
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One trailing newline is what `echo` adds; anything else is part of the password.
  return Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
}

async function askPassword(): Promise<string> {
  let password: string;
  if (process.stdin.isTTY) {
    password = await readHidden("Password: ");
    const again = await readHidden("Repeat password: ");
    if (again !== password) throw new UsageError("The passwords do not match.");
  } else {
    password = await readStdin();
  }
  const parsed = PasswordSchema.safeParse(password);
  if (!parsed.success) throw new UsageError(`The password ${parsed.error.issues[0]?.message ?? "is invalid"}.`);
  return parsed.data;
}

function parseEmail(value: string | undefined): string {
  if (!value) throw new UsageError("An email address is required.");
  const parsed = EmailSchema.safeParse(value);
  if (!parsed.success) throw new UsageError(`"${value}" is not an email address.`);
  return parsed.data;
}

function parseRole(value: string | undefined) {
  const parsed = RoleSchema.safeParse(value);
  if (!parsed.success) throw new UsageError(`The role must be viewer, editor or admin${value ? `, not "${value}"` : ""}.`);
  return parsed.data;
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: "string" }, name: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  const dataDir = path.resolve(process.env.DATA_DIR || ".data");
  // The same database the server uses: PostgreSQL when DATABASE_URL is set, else DATA_DIR's SQLite file.
  const databaseUrl = process.env.DATABASE_URL?.trim();
  const where = databaseUrl ? `the PostgreSQL database at ${describeDatabaseUrl(databaseUrl)}` : appDbFile(dataDir);
  const db = await openAppDb(databaseUrl ? { dialect: "postgres", url: databaseUrl } : { dialect: "sqlite", file: appDbFile(dataDir) });
  const users = new UsersStore(db);
  /** The account named on the command line, or a usage error saying there is none. */
  const existingUser = async (raw: string | undefined) => {
    const email = parseEmail(raw);
    const user = await users.findByEmail(email);
    if (!user) throw new UsageError(`No user with email ${email}.`);
    return { email, user };
  };
  try {
    switch (command) {
      case "add": {
        const email = parseEmail(rest[0]);
        const role = parseRole(values.role);
        if (await users.findByEmail(email)) throw new UsageError(`A user with email ${email} already exists.`);
        const password = await askPassword();
        const user = await users.create({ email, role, name: values.name, password });
        console.log(`Added ${user.email} (${user.name}) as ${user.role}.`);
        break;
      }
      case "list": {
        const all = await users.list();
        if (all.length === 0) {
          console.log(`No users in ${where}.`);
          break;
        }
        const width = Math.max(5, ...all.map((u) => u.email.length));
        console.log(`${"EMAIL".padEnd(width)}  ROLE    SIGN-IN      NAME`);
        for (const u of all) console.log(`${u.email.padEnd(width)}  ${u.role.padEnd(6)}  ${(u.provider === "oidc" ? "sso" : "password").padEnd(11)}  ${u.name}${u.isDemo ? " (demo)" : ""}`);
        break;
      }
      case "set-role": {
        const { email, user } = await existingUser(rest[0]);
        const role = parseRole(rest[1] ?? values.role);
        await users.update(user.id, { role });
        console.log(`${email} is now ${role}.`);
        break;
      }
      case "set-password": {
        const { email, user } = await existingUser(rest[0]);
        if (user.provider !== "credentials") throw new UsageError(`${email} signs in with single sign-on and has no password.`);
        await users.update(user.id, { password: await askPassword() });
        console.log(`Password of ${email} changed.`);
        break;
      }
      case "sign-out": {
        const { email, user } = await existingUser(rest[0]);
        await users.endAllSessions(user.id);
        console.log(`Every session of ${email} is over; they sign in again.`);
        break;
      }
      case "remove": {
        const { email, user } = await existingUser(rest[0]);
        await users.remove(user.id);
        console.log(`Removed ${email}.`);
        break;
      }
      case "forget-auth-secret": {
        // Secret rotation with DATABASE_URL: every instance stopped, then started with the new secret.
        await forgetAuthSecret(db);
        console.log(`Forgot the recorded AUTH_SECRET fingerprint in ${where}; the next instance to start records its own.`);
        break;
      }
      default:
        throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof UserExistsError || error instanceof LastAdminError) {
    console.error(`gatehouse user: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
