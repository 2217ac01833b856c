import "server-only";
import fs from "node:fs";
import { appDbFile, openAppDb, type AppDb } from "./app-db";
import { AuditStore } from "./audit-store";
import { resolveDemoPassword, type DemoPassword } from "./demo-password";
import { serverEnv } from "./env";
import { UsersStore } from "./users-store";

export interface AppContext {
  db: AppDb;
  users: UsersStore;
  audit: AuditStore;
  /** Set in embedded mode only: the demo accounts' password. */
  demo: DemoPassword | null;
  /** Resolves once the demo accounts exist (immediately outside embedded mode). */
  ready: Promise<void>;
}

// Next may load this module in more than one bundle (instrumentation, route handlers, pages) and
// reloads it in dev; one context per process and data folder keeps a single DB handle.
const KEY = Symbol.for("gatehouse.app-context");
type Holder = { [KEY]?: Map<string, AppContext> };

export function appContext(): AppContext {
  const env = serverEnv();
  const holder = globalThis as Holder;
  const contexts = (holder[KEY] ??= new Map());
  const existing = contexts.get(env.DATA_DIR);
  if (existing) return existing;

  const file = appDbFile(env.DATA_DIR);
  // Demo accounts are created with the database and never again: one that an admin removed must not come
  // back on the next start with the password the sign-in page shows.
  const isNewDatabase = !fs.existsSync(file);
  const db = openAppDb(file);
  const users = new UsersStore(db);
  const demo = env.GATEHOUSE_MODE === "embedded" ? resolveDemoPassword(env.DATA_DIR, env.DEMO_PASSWORD) : null;
  const ready = demo
    ? isNewDatabase
      ? users.createDemoUsers(demo.password)
      : Promise.resolve()
    : Promise.resolve().then(() => {
        const removed = users.removeDemoUsers();
        if (removed > 0) console.log(`gatehouse: removed ${removed} demo accounts (not in embedded mode)`);
      });
  const context: AppContext = { db, users, audit: new AuditStore(db), demo, ready };
  contexts.set(env.DATA_DIR, context);
  ready.catch((error) => console.error("[gatehouse] seeding the demo users failed", error));
  return context;
}

/** Tests point DATA_DIR elsewhere between files; close what the previous one opened. */
export function closeAppContexts(): void {
  const contexts = (globalThis as Holder)[KEY];
  if (!contexts) return;
  for (const context of contexts.values()) context.db.close();
  contexts.clear();
}
