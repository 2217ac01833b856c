import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { formatCheck } from "@/lib/evaluations/check-spelling";
import type { CheckSpec } from "@/lib/evaluations/checks";
import type { CheckOutcome, LocalCheckRunner } from "@/lib/evaluations/evaluate";
import type { JudgeContext } from "@/lib/evaluations/judge-protocol";
import type { ItemResult } from "@/lib/evaluations/item-result";
import type { CheckJob } from "./check-worker";

/**
 * A pool of check workers (check-worker.ts) with a deadline: the checks that need no model call run there, never
 * on the loop that answers requests (issue 36: 32 pattern checks on one answer froze every other user for 28.9 s).
 * A check that runs out of time is an error verdict naming it; its worker is terminated (a pattern cannot be
 * interrupted any other way) and replaced; the answer's other checks go on in the new one, within the answer's
 * own budget. Jobs wait their turn in order; their deadline starts when a worker takes them.
 */

export interface CheckPoolOptions {
  /** Worker threads at most (started when first needed). */
  size?: number;
  /** How long one check may run. */
  checkTimeoutMs?: number;
  /** How long all the checks of one answer may run together (a check times out sooner when this runs out first). */
  answerBudgetMs?: number;
}

/** One answer's checks in the pool: outcomes fill in order; `next` is the first check without one. */
interface Task {
  item: ItemResult;
  checks: readonly CheckSpec[];
  context: JudgeContext;
  outcomes: CheckOutcome[];
  next: number;
  /** Time its checks have run in a loaded worker (a worker's own start is not counted). */
  spentMs: number;
  resolve(outcomes: CheckOutcome[]): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  /** The job id the slot's worker is running (its messages carry it), and where the job's checks start in the task. */
  jobId: number;
  offset: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** When the current check's deadline was set. */
  armedAt: number;
  /** The worker has loaded its code (deadlines start then). */
  ready: boolean;
}

/** How long a new worker may take to load its code (tsx compiles it in development and tests). */
const WORKER_START_TIMEOUT_MS = 30_000;

const CHECK_POOL_DEFAULTS = {
  checkTimeoutMs: 2_000,
  answerBudgetMs: 10_000,
} as const;

/** The check named in a verdict, shortened (a rubric or a pattern may be long). */
function nameOf(check: CheckSpec): string {
  const spelled = formatCheck(check);
  return spelled.length > 80 ? `${spelled.slice(0, 77)}...` : spelled;
}

/**
 * Where the worker's code is: compiled beside the server (dist/server/check-worker.js) when this process runs
 * compiled (`npm start`: its entry is dist/server/*.js); otherwise its source under tsx (`npm run dev`, tests,
 * `npm run eval`). Both from the project's root, the working directory of every way the app is started.
 */
function workerEntry(): { file: string; execArgv: string[] } {
  const root = process.cwd();
  const compiled = path.join(root, "dist", "server", "check-worker.js");
  const entry = process.argv[1] ?? "";
  if (entry.startsWith(path.join(root, "dist", "server")) && existsSync(compiled)) return { file: compiled, execArgv: [] };
  // Only tsx: the parent's other flags (a test runner's, --conditions) are not the worker's business.
  return { file: path.join(root, "lib", "server", "evaluations", "check-worker.ts"), execArgv: ["--import", "tsx"] };
}

export class CheckPool {
  private readonly size: number;
  private readonly checkTimeoutMs: number;
  private readonly answerBudgetMs: number;
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private nextJobId = 1;
  private closed = false;

  constructor(options: CheckPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(2, os.availableParallelism() - 1));
    this.checkTimeoutMs = options.checkTimeoutMs ?? CHECK_POOL_DEFAULTS.checkTimeoutMs;
    this.answerBudgetMs = options.answerBudgetMs ?? CHECK_POOL_DEFAULTS.answerBudgetMs;
  }

  /** The pool as lib/evaluations' evaluateChecks takes it (`local`). */
  readonly run: LocalCheckRunner = (item, checks, context) =>
    new Promise<CheckOutcome[]>((resolve) => {
      if (checks.length === 0) return resolve([]);
      this.queue.push({ item, checks, context, outcomes: [], next: 0, spentMs: 0, resolve });
      this.dispatch();
    });

  /** Stops the workers; checks still queued or running end as not evaluated. */
  async close(): Promise<void> {
    this.closed = true;
    const tasks = [...this.queue.splice(0), ...[...this.slots].map((slot) => slot.task).filter((task) => task !== null)];
    for (const task of tasks) this.finishUnevaluated(task, "Not evaluated: the check workers were stopped.");
    await Promise.all([...this.slots].map((slot) => this.retire(slot)));
  }

  private dispatch(): void {
    while (!this.closed && this.queue.length > 0) {
      let slot = [...this.slots].find((candidate) => candidate.task === null);
      if (!slot && this.slots.size < this.size) slot = this.spawn();
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    const { file, execArgv } = workerEntry();
    // Taken from Node at run time, not imported: Next's bundler treats `new Worker(path)` of an imported
    // worker_threads as a worker to bundle, and a path it cannot know made it pull in the whole project.
    const { Worker: WorkerThread } = process.getBuiltinModule("node:worker_threads");
    const worker: Worker = new WorkerThread(file, { execArgv });
    const slot: Slot = { worker, task: null, jobId: 0, offset: 0, timer: null, armedAt: 0, ready: false };
    worker.on("message", (message: { ready: true } | { id: number; index: number; outcome: CheckOutcome }) => {
      if ("ready" in message) {
        slot.ready = true;
        if (slot.task) this.arm(slot);
      } else this.onOutcome(slot, message);
    });
    worker.on("error", (error) => this.onFailure(slot, `The check worker failed: ${error.message}`));
    worker.on("exit", (code) => this.onFailure(slot, `The check worker stopped (exit code ${code}).`));
    worker.unref();
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, task: Task): void {
    slot.task = task;
    slot.jobId = this.nextJobId++;
    slot.offset = task.next;
    // Referenced while it works, so a CLI waiting on its verdicts does not exit under it.
    slot.worker.ref();
    const job: CheckJob = { id: slot.jobId, item: task.item, checks: task.checks.slice(task.next), context: task.context };
    slot.worker.postMessage(job);
    if (slot.ready) this.arm(slot);
    else slot.timer = setTimeout(() => this.onFailure(slot, `The check worker did not start within ${WORKER_START_TIMEOUT_MS} ms.`), WORKER_START_TIMEOUT_MS);
  }

  /** The deadline of the task's next check: the check's own, or what is left of the answer's budget. */
  private arm(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    const task = slot.task!;
    const left = this.answerBudgetMs - task.spentMs;
    slot.armedAt = Date.now();
    slot.timer = setTimeout(() => this.onTimeout(slot), Math.max(0, Math.min(this.checkTimeoutMs, left)));
  }

  private onOutcome(slot: Slot, message: { id: number; index: number; outcome: CheckOutcome }): void {
    const task = slot.task;
    if (!task || message.id !== slot.jobId) return;
    task.spentMs += Date.now() - slot.armedAt;
    task.outcomes[slot.offset + message.index] = message.outcome;
    task.next = slot.offset + message.index + 1;
    if (task.next < task.checks.length) {
      this.arm(slot);
      return;
    }
    this.release(slot);
    task.resolve(task.outcomes);
    this.dispatch();
  }

  private onTimeout(slot: Slot): void {
    const task = slot.task;
    if (!task) return;
    const timedOutMs = Date.now() - slot.armedAt;
    task.spentMs += timedOutMs;
    this.replace(slot, task, {
      passed: false,
      reasoning: `The check ${nameOf(task.checks[task.next])} ran out of time: it was stopped after ${timedOutMs} ms.`,
      details: { error: "check_timeout", timeout_ms: timedOutMs },
    });
  }

  private onFailure(slot: Slot, reasoning: string): void {
    if (!this.slots.has(slot)) return;
    const task = slot.task;
    if (!task) {
      this.slots.delete(slot);
      return;
    }
    this.replace(slot, task, { passed: false, reasoning, details: { error: "check_failed" } });
  }

  /** Ends the task's current check with `verdict`, retires the slot's worker and hands the rest of the task on. */
  private replace(slot: Slot, task: Task, verdict: CheckOutcome): void {
    task.outcomes[task.next] = verdict;
    task.next += 1;
    void this.retire(slot);
    if (task.next >= task.checks.length) task.resolve(task.outcomes);
    else if (task.spentMs >= this.answerBudgetMs) this.finishUnevaluated(task, `Not evaluated: this answer's checks used their ${this.answerBudgetMs} ms.`);
    else this.queue.unshift(task);
    this.dispatch();
  }

  private finishUnevaluated(task: Task, reasoning: string): void {
    for (let index = task.next; index < task.checks.length; index++) task.outcomes[index] = { passed: false, reasoning, details: { error: "check_timeout" } };
    task.next = task.checks.length;
    task.resolve(task.outcomes);
  }

  private release(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    slot.worker.unref();
  }

  private async retire(slot: Slot): Promise<void> {
    this.release(slot);
    this.slots.delete(slot);
    await slot.worker.terminate().catch(() => {});
  }
}

// One pool per process, whichever bundle asks (Next may load this module more than once).
const KEY = Symbol.for("gatehouse.check-pool");
type Holder = { [KEY]?: CheckPool };

/** This process's check pool: the runner's and re-score's checks run there. */
export function checkPool(): CheckPool {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= new CheckPool());
}
