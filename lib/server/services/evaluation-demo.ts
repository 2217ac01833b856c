import "server-only";
import { loggerFor } from "@/lib/observability/logger";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { importQuestions } from "@/lib/evaluations/question-import";
import type { AppContext } from "../config/app-context";
import { createRun } from "./evaluation-runs";

const log = loggerFor("evaluations");

/**
 * The embedded mode's demo evaluation: the question set of lib/evaluations/demo/web-research-questions.jsonl and one run
 * comparing two versions of the seeded `web-research` preset (v2: web search with 8 results; v3: Exa, 8 results,
 * *.example.net excluded, a stricter prompt), so the run pages and the results have something real to show.
 * The run is started through the same service as a user's and executed by the runner (resumed after a restart
 * like any other). Fixed ids make the seeding idempotent: a set or run already there is not made again.
 */
export const DEMO_SET_ID = "5eed0000-0027-4000-8000-000000000001";
export const DEMO_RUN_ID = "5eed0000-0027-4000-8000-000000000002";
const DEMO_SET_NAME = "Web research (demo)";
const DEMO_QUESTIONS = path.join("lib", "evaluations", "demo", "web-research-questions.jsonl");
const DEMO_PRESET = "web-research";
const DEMO_VERSIONS = [2, 3];
/** Cited pages, none from the hosts v3 excludes, and the judge's view of whether the citations support the answer. */
const DEMO_CHECKS = ["min-citations:2", "no-domain:example.net", "citation-support"];
const DEMO_CAP_USD = 2;
/** The embedded gateway may still be starting: try again for about two minutes. */
const ATTEMPTS = 8;
const FIRST_WAIT_MS = 1_000;

async function demoUser(context: AppContext): Promise<SessionUser | null> {
  for (const email of ["editor@demo.local", "admin@demo.local"]) {
    const user = await context.users.findByEmail(email);
    if (user) return { id: user.id, email: user.email, name: user.name, role: user.role };
  }
  return null;
}

async function seedSet(context: AppContext, user: SessionUser, root: string): Promise<void> {
  if (await context.questionSets.get(DEMO_SET_ID)) return;
  const imported = await importQuestions(await readFile(path.join(root, DEMO_QUESTIONS), "utf8"), "jsonl");
  if (!imported.ok) throw new Error(`the demo questions do not import: ${imported.errors.map((error) => `line ${error.line} ${error.field}: ${error.message}`).join("; ")}`);
  await context.questionSets.create({ id: DEMO_SET_ID, name: DEMO_SET_NAME, rows: imported.rows, userEmail: user.email, note: "Seeded demo set" });
}

/**
 * Seeds the demo set and starts the demo run once. Never throws (startup must not stop over a demo): a failure is
 * logged; the next start tries again.
 */
export async function seedDemoEvaluation(context: AppContext, options: { root?: string; sleep?: (ms: number) => Promise<void> } = {}): Promise<"seeded" | "present" | "skipped"> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  try {
    if (await context.evaluationRuns.get(DEMO_RUN_ID)) return "present";
    const user = await demoUser(context);
    if (!user) return "skipped";
    await seedSet(context, user, options.root ?? process.cwd());
    // The demo's own work: no user's rate-limit points are charged for it.
    const freeCharge = async () => undefined;
    const body = { set_id: DEMO_SET_ID, preset: DEMO_PRESET, versions: DEMO_VERSIONS, models: [], repeats: 1, concurrency: 4, checks: DEMO_CHECKS, cap_usd: DEMO_CAP_USD };
    for (let attempt = 1; ; attempt++) {
      try {
        await createRun(freeCharge, user, body, { id: DEMO_RUN_ID });
        return "seeded";
      } catch (error) {
        if (attempt >= ATTEMPTS) throw error;
        await sleep(FIRST_WAIT_MS * 2 ** (attempt - 1));
        if (await context.evaluationRuns.get(DEMO_RUN_ID)) return "present";
      }
    }
  } catch (error) {
    log.error({ err: error }, "the demo run was not seeded");
    return "skipped";
  }
}
