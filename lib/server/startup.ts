import "server-only";
import { appContext } from "./app-context";
import { demoPasswordFile } from "./demo-password";
import { EnvError, serverEnv } from "./env";

/**
 * Runs once when the Next server starts (instrumentation.ts): a bad setting stops the server with
 * a message naming it, instead of failing on the first request; demo users are seeded; a generated
 * demo password is printed this one time.
 */
export async function startGatehouseServer(): Promise<void> {
  let env;
  try {
    env = serverEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const context = appContext();
  await context.ready;
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
