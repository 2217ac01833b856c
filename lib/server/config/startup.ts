import "server-only";
import { loggerFor } from "@/lib/observability/logger";
import { addLogSecret } from "@/lib/observability/log-redaction";
import { appContext } from "./app-context";
import { describeDatabaseUrl } from "../db/database-url";
import { demoPasswordFile } from "../auth/demo-password";
import { EnvError, serverEnv } from "./env";
import { checkSharedAuthSecret, SecretMismatchError } from "../auth/shared-secret-check";
import { startEvaluationRunner } from "../services/evaluations";
import { seedDemoEvaluation } from "../services/evaluation-demo";
import { startLedgerRetention } from "../ledger/retention";
import { backfillLedgerHistory } from "../ledger/backfill";

const log = loggerFor("startup");

function stop(message: string): never {
  log.fatal(message);
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
    log.info({ database: describeDatabaseUrl(env.DATABASE_URL!) }, "app data in PostgreSQL");
  }
  // Evaluation runs left running by a restart resume here (and share their items with other instances).
  startEvaluationRunner(context);
  // Ledger entries past LEDGER_RETENTION_DAYS go in bounded turns on a timer, off the request path.
  startLedgerRetention(context.ledger, env.LEDGER_RETENTION_DAYS);
  // Spending from before the ledger (video jobs, evaluation items with a cost) is put on it once, in the background.
  void backfillLedgerHistory(context.db, context.ledger).catch((error: unknown) => log.error({ err: error }, "the ledger's backfill of earlier spending failed; the next start tries again"));
  // Embedded mode: the demo question set and one finished run to look at, started in the background (it waits
  // for the embedded gateway; the runner executes it like any run).
  if (context.demo) void seedDemoEvaluation(context);
  // The demo password never reaches a log line (the banner below is written to the terminal, not logged).
  addLogSecret(context.demo?.password);
  if (context.demo?.generated) {
    const line = "-".repeat(64);
    // Shown to the person who started the embedded demo, once: a message on the terminal, not a log line.
    process.stdout.write(
      [
        line,
        "Gatehouse demo accounts (embedded gateway mode):",
        "  admin@demo.local, editor@demo.local, viewer@demo.local",
        `  password: ${context.demo.password}`,
        `This is shown once; it is kept in ${demoPasswordFile(env.DATA_DIR)}.`,
        line,
      ].join("\n") + "\n",
    );
  } else if (context.demo) {
    log.info(`demo accounts ready (password ${context.demo.source === "env" ? "from DEMO_PASSWORD" : `in ${demoPasswordFile(env.DATA_DIR)}`})`);
  }
}
