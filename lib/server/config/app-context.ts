import "server-only";
import { loggerFor } from "@/lib/observability/logger";
import { appDbFile, openAppDb, type AppDb, type AppDbTarget } from "../db/app-db";
import { AuditStore } from "../db/audit-store";
import { resolveDemoPassword, type DemoPassword } from "../auth/demo-password";
import { serverEnv, type ServerEnv } from "./env";
import { UsersStore } from "../db/users-store";
import { VideoGenerationsStore } from "../db/video-generations-store";
import { EvaluationRunsStore } from "../db/evaluation-runs-store";
import { QuestionSetsStore } from "../db/question-sets-store";
import { Ledger } from "../ledger/ledger";
import { budgetDefaults } from "../ledger/budget-defaults";

const log = loggerFor("startup");
import { ReleaseGatesStore } from "../db/release-gates-store";
import { AccessTokensStore } from "../db/access-tokens-store";

export interface AppContext {
  db: AppDb;
  users: UsersStore;
  audit: AuditStore;
  videoGenerations: VideoGenerationsStore;
  questionSets: QuestionSetsStore;
  evaluationRuns: EvaluationRunsStore;
  /** What every gateway call that can cost money reserves and settles on; budgets and "spent" figures read it. */
  ledger: Ledger;
  releaseGates: ReleaseGatesStore;
  accessTokens: AccessTokensStore;
  /** Set in embedded mode only: the demo accounts' password. */
  demo: DemoPassword | null;
}

// Next may load this module in more than one bundle (instrumentation, route handlers, pages) and
// reloads it in dev; one context per process and database keeps a single handle (and pool).
const KEY = Symbol.for("gatehouse.app-context");
type Holder = { [KEY]?: Map<string, Promise<AppContext>> };

/** Where the settings put the app's own data: PostgreSQL when DATABASE_URL is set, else DATA_DIR's SQLite file. */
function appDbTarget(env: Pick<ServerEnv, "DATABASE_URL" | "DATA_DIR">): AppDbTarget {
  return env.DATABASE_URL ? { dialect: "postgres", url: env.DATABASE_URL } : { dialect: "sqlite", file: appDbFile(env.DATA_DIR) };
}

/**
 * The app's database and stores, opened, migrated and (embedded mode) seeded with the demo accounts on
 * first use. A failed opening (the database unreachable at start) is not cached: the next request tries again.
 */
export function appContext(): Promise<AppContext> {
  const env = serverEnv();
  const target = appDbTarget(env);
  const key = target.dialect === "sqlite" ? target.file : target.url;
  const holder = globalThis as Holder;
  const contexts = (holder[KEY] ??= new Map());
  let context = contexts.get(key);
  if (!context) {
    context = openAppContext(env, target);
    contexts.set(key, context);
    context.catch(() => {
      if (contexts.get(key) === context) contexts.delete(key);
    });
  }
  return context;
}

async function openAppContext(env: ServerEnv, target: AppDbTarget): Promise<AppContext> {
  const db = await openAppDb(target);
  const users = new UsersStore(db);
  const demo = env.GATEHOUSE_MODE === "embedded" ? resolveDemoPassword(env.DATA_DIR, env.DEMO_PASSWORD) : null;
  if (demo) {
    // Demo accounts are created with the database and never again: one that an admin removed must not
    // come back on the next start with the password the sign-in page shows.
    if (db.migrated.includes(1)) await users.createDemoUsers(demo.password);
  } else {
    const removed = await users.removeDemoUsers();
    if (removed > 0) log.info({ removed }, "removed the demo accounts (not in embedded mode)");
  }
  const ledger = new Ledger(db, budgetDefaults);
  return {
    db,
    users,
    audit: new AuditStore(db),
    videoGenerations: new VideoGenerationsStore(db, ledger),
    questionSets: new QuestionSetsStore(db),
    evaluationRuns: new EvaluationRunsStore(db, ledger),
    releaseGates: new ReleaseGatesStore(db),
    accessTokens: new AccessTokensStore(db),
    ledger,
    demo,
  };
}

/** Tests point DATA_DIR elsewhere between files; close what the previous one opened. */
export async function closeAppContexts(): Promise<void> {
  const contexts = (globalThis as Holder)[KEY];
  if (!contexts) return;
  const open = [...contexts.values()];
  contexts.clear();
  await Promise.all(open.map((context) => context.then((c) => c.db.close()).catch(() => undefined)));
}
