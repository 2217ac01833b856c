import type { CallCharge, ClaimedItem, EvaluationItemKey, EvaluationRunsStore } from "../db/evaluation-runs-store";
import type { ItemOutcome } from "./item-call";

/** What the runner needs of a run to execute its items: read once per run from its stored plan. */
export interface RunWork {
  concurrency: number;
  /** Who started the run: the per-user bounds (items in flight, the responses rate limit) are theirs. */
  userId?: string;
  /** Points of the user's responses rate limit one item takes (the answer, and each judge check); 1 when absent. */
  pointsPerItem?: number;
  /** Calls the gateway for one item (callItem with the item's version settings and question). */
  execute(item: ClaimedItem, signal: AbortSignal): Promise<ItemOutcome>;
  /** What an item's call reserves on the ledger when it is claimed: an upper bound from its real request. */
  reserveOf?(item: EvaluationItemKey): CallCharge;
  /** The run is done here (finished, ended, or this runner stops): its trace span ends. */
  end?(): void;
}

export interface RunnerOptions {
  store: EvaluationRunsStore;
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
  /** Items this runner has at the gateway at once, all runs together (EVAL_MAX_ITEMS_IN_FLIGHT). */
  itemsInFlightMax?: number;
  /** The same for one user's runs together (EVAL_MAX_ITEMS_IN_FLIGHT_PER_USER), whatever each run's concurrency. */
  itemsInFlightPerUserMax?: number;
  /**
   * Takes an item's points from its user's rate limit before it is sent: null when taken, else how long (ms) to wait.
   * The item then goes back unstarted (no attempt counted) and that user's runs wait that long.
   */
  admit?: (userId: string, points: number, runId: string) => Promise<number | null>;
  /**
   * Other work polled with the runs, on the same loop and lifetime: the scoring jobs of re-scores (scoring-jobs.ts),
   * which claim their own items with leases. Its failure on a poll is reported, never the runs'.
   */
  sideWork?: { tick(): Promise<void>; stop(): Promise<void> };
}

/** Polls missed before the runner counts as stalled (state()). */
const STALLED_AFTER_POLLS = 20;
/**
 * A stored run this server cannot execute (a plan over the limits this version enforces, its question set version
 * gone): the runner stops that run with the message on its page and goes on with the others.
 */
export class RunPlanError extends Error {}

/** The most of a stop reason kept (the run page shows it in the status badge). */
const STOP_REASON_MAX = 300;

interface InFlight {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Executes evaluation runs on the server. Every instance runs one; each polls the running runs, claims
 * items in the database (EvaluationRunsStore.claim: under the run's lock, so no item runs twice and the run's
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
  /** Items in flight per user, and until when a user's runs wait for their rate limit. */
  private readonly userFlying = new Map<string, number>();
  private readonly userWaitsUntil = new Map<string, number>();
  private flying = 0;
  /** The last error reported per run, so a run failing on every poll is logged once. */
  private readonly lastError = new Map<string, string>();
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
    await this.options.sideWork?.stop();
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
      // One run's failure is that run's: the others are still filled on this tick.
      try {
        await this.fill(run.id);
        this.lastError.delete(run.id);
      } catch (error) {
        await this.failed(run.id, error);
      }
    }
    if (!this.stopped) await this.options.sideWork?.tick().catch((error) => this.options.onError?.(error));
  }

  /**
   * A run whose work cannot be built is stopped with the reason on its page; any other error (the database
   * away) is reported once per run and message, not on every poll, and the run is tried again on the next.
   */
  private async failed(runId: string, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof RunPlanError) {
      const reason = `The run cannot go on: ${message}`;
      await this.options.store.stopWithError(runId, reason.length > STOP_REASON_MAX ? `${reason.slice(0, STOP_REASON_MAX - 1)}…` : reason).catch((stopError) => this.report(runId, stopError));
      this.endWork(runId);
      return;
    }
    this.report(runId, error);
  }

  private report(runId: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (this.lastError.get(runId) === message) return;
    this.lastError.set(runId, message);
    this.options.onError?.(new Error(`run ${runId}: ${message}`, { cause: error }));
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
      if (this.stopped || !this.hasRoomFor(work.userId ?? "")) return;
      const claim = await this.options.store.claim(runId, this.options.instanceId, {
        now: this.now(),
        leaseMs: this.leaseMs,
        concurrency: work.concurrency,
        reserveOf: work.reserveOf,
      });
      if (claim.kind === "item") {
        if (!(await this.admitted(claim.item, work))) return;
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

  /** Room under this instance's bounds for one more item of `userId`'s, and their rate limit not waited on. */
  private hasRoomFor(userId: string): boolean {
    if (this.flying >= (this.options.itemsInFlightMax ?? Infinity)) return false;
    if ((this.userFlying.get(userId) ?? 0) >= (this.options.itemsInFlightPerUserMax ?? Infinity)) return false;
    return (this.userWaitsUntil.get(userId) ?? 0) <= this.now();
  }

  /** Takes the item's points of its user's rate limit; refused, the item goes back unstarted and the user waits. */
  private async admitted(item: ClaimedItem, work: RunWork): Promise<boolean> {
    if (!this.options.admit) return true;
    const userId = work.userId ?? "";
    const waitMs = await this.options.admit(userId, work.pointsPerItem ?? 1, item.run_id);
    if (waitMs === null) return true;
    this.userWaitsUntil.set(userId, this.now() + waitMs);
    await this.options.store.release(item.run_id, item.position, this.options.instanceId, "pending");
    return false;
  }

  private launch(runId: string, item: ClaimedItem, work: RunWork): void {
    const userId = work.userId ?? "";
    this.flying += 1;
    this.userFlying.set(userId, (this.userFlying.get(userId) ?? 0) + 1);
    const controller = new AbortController();
    const items = this.inFlight.get(runId) ?? new Map<number, InFlight>();
    this.inFlight.set(runId, items);
    const done = this.runItem(item, work, controller)
      .catch((error) => this.options.onError?.(error))
      .finally(() => {
        this.flying -= 1;
        const left = (this.userFlying.get(userId) ?? 1) - 1;
        if (left > 0) this.userFlying.set(userId, left);
        else this.userFlying.delete(userId);
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
