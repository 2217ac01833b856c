import "server-only";
import { appContext } from "./app-context";
import { describeDatabaseUrl } from "../db/database-url";
import { demoPasswordFile } from "../auth/demo-password";
import { EnvError, serverEnv } from "./env";
import { checkSharedAuthSecret, SecretMismatchError } from "../auth/shared-secret-check";
import { startEvaluationRunner } from "../services/evaluations";
import { seedDemoEvaluation } from "../services/evaluation-demo";

function stop(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

/**
 * Runs once when the Next server starts (instrumentation.ts): a bad setting stops the server with
 * a message naming it, instead of failing on the first request; the app database is opened and
 * migrated; demo users are seeded; a generated demo password is printed this one time. (Then
 * instrumentation.ts opens the dashboard server's fast lane.)
 */
export async function startGatehouseServer(): Promise<void> {
  let env;
  try {
    env = serverEnv();
  } catch (error) {
    if (error instanceof EnvError) stop(error.message);
    throw error;
  }
  let context;
  try {
    context = await appContext();
  } catch (error) {
    if (!env.DATABASE_URL) throw error;
    stop(`Gatehouse cannot start: the database at DATABASE_URL (${describeDatabaseUrl(env.DATABASE_URL)}) cannot be opened: ${(error as Error).message}`);
  }
  if (context.db.dialect === "postgres") {
    try {
      await checkSharedAuthSecret(context.db, env.AUTH_SECRET);
    } catch (error) {
      if (error instanceof SecretMismatchError) stop(`Gatehouse cannot start: ${error.message}`);
      throw error;
    }
    console.log(`gatehouse: app data in PostgreSQL (${describeDatabaseUrl(env.DATABASE_URL!)})`);
  }
  // Evaluation runs left running by a restart resume here (and share their items with other instances).
  startEvaluationRunner(context);
  // Embedded mode: the demo question set and one finished run to look at, started in the background (it waits
  // for the embedded gateway; the runner executes it like any run).
  if (context.demo) void seedDemoEvaluation(context);
  if (context.demo?.generated) {
    const line = "-".repeat(64);
    console.log(
      [
        line,
        "Gatehouse demo accounts (embedded gateway mode):",
        "  admin@demo.local, editor@demo.local, viewer@demo.local",
        `  password: ${context.demo.password}`,
        `This is shown once; it is kept in ${demoPasswordFile(env.DATA_DIR)}.`,
        line,
      ].join("\n"),
    );
  } else if (context.demo) {
    console.log(`gatehouse: demo accounts ready (password ${context.demo.source === "env" ? "from DEMO_PASSWORD" : `in ${demoPasswordFile(env.DATA_DIR)}`})`);
  }
}
