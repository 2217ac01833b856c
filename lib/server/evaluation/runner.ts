import type { CallCharge, ClaimedItem, EvalItemKey, EvalRunsStore } from "../db/eval-runs-store";
import type { ItemOutcome } from "./item-call";

/** What the runner needs of a run to execute its items: read once per run from its stored plan. */
export interface RunWork {
  concurrency: number;
  /** Calls the gateway for one item (callItem with the item's version settings and question). */
  execute(item: ClaimedItem, signal: AbortSignal): Promise<ItemOutcome>;
  /** What an item's call reserves on the ledger when it is claimed: an upper bound from its real request. */
  reserveOf?(item: EvalItemKey): CallCharge;
  /** The run is done here (finished, ended, or this runner stops): its trace span ends. */
  end?(): void;
}

export interface RunnerOptions {
  store: EvalRunsStore;
  /** This process: claims carry it, so a result is written only by the instance that holds the item. */
  instanceId: string;
  /** Builds the work of a run from its id (reads the plan and the pinned question-set version). */
  workFor(runId: string): Promise<RunWork | null>;
  /** How often runs are looked for and cancellations noticed (cancel stops new items within this). */
  pollMs?: number;
  /** How long a claim holds without renewal: an instance that died loses its items after this. */
  leaseMs?: number;
  /** Tries per item before a transient failure (429, 5xx, cut stream) is recorded as the item's error. */
  maxAttempts?: number;
  /** Backoff after the n-th transient failure: base × 2^(n-1), capped; a Retry-After wins when longer. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** Polls missed before the runner counts as stalled (state()). */
const STALLED_AFTER_POLLS = 20;

interface InFlight {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Executes evaluation runs on the server. Every instance runs one; each polls the running runs, claims
 * items in the database (EvalRunsStore.claim: under the run's lock, so no item runs twice and the run's
 * concurrency and cap hold across instances), runs them, and writes each result as it arrives. A restart
 * resumes where the runs stopped: unfinished items are pending in the database, or claimed by the dead
 * process until their lease lapses.
 */
export class EvaluationRunner {
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private readonly now: () => number;
  private readonly inFlight = new Map<string, Map<number, InFlight>>();
  private readonly work = new Map<string, RunWork>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ticking: Promise<void> | null = null;
  private stopped = true;
  /** When the poll loop last went round (or was started): what readiness asks (state()). */
  private lastPollAt = 0;

  constructor(private readonly options: RunnerOptions) {
    this.pollMs = options.pollMs ?? 500;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.backoffBaseMs = options.backoffBaseMs ?? 1_000;
    this.backoffMaxMs = options.backoffMaxMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.lastPollAt = this.now();
    this.schedule(0);
  }

  /**
   * For readiness (lib/server/config/health.ts): "stalled" when the poll loop has not gone round for
   * STALLED_AFTER_POLLS polls (and at least a minute), e.g. a database call that never returns. A poll that
   * fails (the database away) still goes round: the database's own check says that.
   */
  state(): "running" | "stopped" | "stalled" {
    if (this.stopped) return "stopped";
    return this.now() - this.lastPollAt > Math.max(60_000, this.pollMs * STALLED_AFTER_POLLS) ? "stalled" : "running";
  }

  /** Stops claiming, aborts what is in flight and hands it back (another instance or the next start takes it). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    const all = [...this.inFlight.values()].flatMap((items) => [...items.values()]);
    for (const flight of all) flight.controller.abort(new Error("The runner is stopping"));
    await Promise.all(all.map((flight) => flight.done));
    for (const work of this.work.values()) work.end?.();
  }

  /** Resolves when nothing is in flight and no run is left running (tests, the CLI). */
  async idle(runId: string): Promise<void> {
    for (;;) {
      const status = await this.options.store.status(runId);
      if (status !== "running" && !this.inFlight.get(runId)?.size) return;
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick()
        .catch((error) => this.options.onError?.(error))
        .finally(() => {
          this.ticking = null;
          this.lastPollAt = this.now();
          this.schedule(this.pollMs);
        });
    }, delayMs);
  }

  private async tick(): Promise<void> {
    const runs = await this.options.store.running();
    const running = new Set(runs.map((run) => run.id));
    // Runs cancelled, stopped or finished since the last look: abort what this instance still runs of them.
    for (const [runId, items] of this.inFlight) {
      if (running.has(runId)) continue;
      for (const flight of items.values()) flight.controller.abort(new Error("The run ended"));
    }
    for (const run of runs) {
      if (this.stopped) return;
      await this.fill(run.id);
    }
  }

  /** Claims items of a run until its concurrency is used or nothing is claimable now. */
  private async fill(runId: string): Promise<void> {
    let work = this.work.get(runId);
    if (!work) {
      const built = await this.options.workFor(runId);
      if (!built) return;
      work = built;
      this.work.set(runId, work);
    }
    for (;;) {
      if (this.stopped) return;
      const claim = await this.options.store.claim(runId, this.options.instanceId, {
        now: this.now(),
        leaseMs: this.leaseMs,
        concurrency: work.concurrency,
        reserveOf: work.reserveOf,
      });
      if (claim.kind === "item") {
        this.launch(runId, claim.item, work);
        continue;
      }
      if (claim.kind === "empty" && !this.inFlight.get(runId)?.size) {
        if (await this.options.store.finishIfComplete(runId)) this.endWork(runId);
      }
      if (claim.kind === "ended") this.endWork(runId);
      return;
    }
  }

  private endWork(runId: string): void {
    this.work.get(runId)?.end?.();
    this.work.delete(runId);
  }

  private launch(runId: string, item: ClaimedItem, work: RunWork): void {
    const controller = new AbortController();
    const items = this.inFlight.get(runId) ?? new Map<number, InFlight>();
    this.inFlight.set(runId, items);
    const done = this.runItem(item, work, controller)
      .catch((error) => this.options.onError?.(error))
      .finally(() => {
        items.delete(item.position);
        if (items.size === 0) this.inFlight.delete(runId);
        // A slot is free: look for the next item now rather than at the next poll.
        if (!this.stopped) void this.fill(runId).catch((error) => this.options.onError?.(error));
      });
    items.set(item.position, { controller, done });
  }

  private async runItem(item: ClaimedItem, work: RunWork, controller: AbortController): Promise<void> {
    const { store, instanceId } = this.options;
    // Renew the lease while the item runs, so a slow answer is never taken over by another instance.
    const renewal = setInterval(() => {
      void store
        .renew(item.run_id, item.position, instanceId, this.now() + this.leaseMs)
        .then((mine) => {
          if (!mine) controller.abort(new Error("The item's claim was lost"));
        })
        .catch((error) => this.options.onError?.(error));
    }, Math.max(50, Math.floor(this.leaseMs / 3)));
    try {
      let outcome: ItemOutcome;
      try {
        outcome = await work.execute(item, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) {
          // Cancelled or stopping: a cancelled run keeps the item as not run; a stopping instance hands it back.
          const status = await store.status(item.run_id);
          await store.release(item.run_id, item.position, instanceId, status === "running" ? "pending" : "cancelled");
          return;
        }
        outcome = { kind: "failed", error: { status: 500, message: error instanceof Error ? error.message : String(error), code: null }, costUsd: 0 };
      }
      const attempts = item.attempts + 1;
      if (outcome.kind === "done") {
        await store.finish(item.run_id, item.position, instanceId, {
          status: "done",
          result: outcome.result,
          checks: outcome.checks,
          costUsd: outcome.result.cost_usd + (outcome.judgeCostUsd ?? 0),
          // What the item's own call cost settles its claim's reserve; the judge calls settled their own.
          call: {
            costUsd: outcome.result.cost_usd,
            generationId: outcome.result.response_id,
            inputTokens: outcome.result.usage?.input_tokens ?? null,
            outputTokens: outcome.result.usage?.output_tokens ?? null,
            webSearches: outcome.result.searches.length,
          },
          attempts,
        });
      } else if (outcome.kind === "transient" && attempts < this.maxAttempts) {
        const backoff = Math.min(this.backoffMaxMs, this.backoffBaseMs * 2 ** (attempts - 1));
        const wait = Math.max(backoff, outcome.retryAfterMs ?? 0);
        await store.retryLater(item.run_id, item.position, instanceId, this.now() + wait, attempts, outcome.costUsd);
      } else {
        const error = outcome.kind === "transient" ? { ...outcome.error, message: `${outcome.error.message} (after ${attempts} tries)` } : outcome.error;
        await store.finish(item.run_id, item.position, instanceId, { status: "failed", error, costUsd: outcome.costUsd, attempts });
      }
    } finally {
      clearInterval(renewal);
    }
  }
}
