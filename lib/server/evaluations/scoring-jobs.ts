import { z } from "zod";
import { CheckListSchema, usesJudge, type CheckSpec } from "@/lib/evaluations/checks";
import { evaluateChecks, type CheckResult, type LocalCheckRunner } from "@/lib/evaluations/evaluate";
import { ItemResultSchema, type ItemResult } from "@/lib/evaluations/item-result";
import type { JudgeFn } from "@/lib/evaluations/judge-protocol";
import { rowContext, type CheckedRow } from "@/lib/evaluations/row-checks";
import type { EvaluationRunsStore } from "../db/evaluation-runs-store";
import type { EvaluationScoringRow, EvaluationScoringsStore } from "../db/evaluation-scorings-store";
import type { QuestionSetsStore } from "../db/question-sets-store";
import { callUpperBound, type CallPricing } from "../ledger/call-reserve";
import type { Ledger } from "../ledger/ledger";
import { SpendRefusal } from "../ledger/refusal";
import { checkPool } from "./check-pool";
import type { SendResponses } from "./item-call";
import { gatewayJudge, JUDGE_MAX_OUTPUT_TOKENS } from "./judge-model";
import { cachedForm, itemNeed, keyedChecks, type JudgeSetting } from "./scoring-plan";

/**
 * Scoring jobs (re-scores) on the server: polled with the evaluation runs by the runner (runner.ts `sideWork`).
 * Each instance claims a scoring's items in the database with a lease (EvaluationScoringsStore.claim), so two instances
 * share a scoring and a restart resumes it. An item computes only the verdicts the cache lacks; each judge verdict is
 * cached the moment it is known, so a scoring cut mid-item pays again at most the one call that was in flight.
 * Every judge call reserves on the ledger first and settles after (as gatewayJudge does for runs), and each item
 * takes one point of its user's responses rate limit per judge check it still has to run.
 */

export interface ScoringJobsOptions {
  scorings: EvaluationScoringsStore;
  runs: EvaluationRunsStore;
  questionSets: QuestionSetsStore;
  ledger: Ledger;
  send: SendResponses;
  instanceId: string;
  leaseMs?: number;
  /** Items of one scoring in flight at once, across instances. */
  concurrency?: number;
  /** Items of every scoring this instance has in flight at once. */
  inFlightMax?: number;
  now?: () => number;
  /** Takes points of the user's responses rate limit: null when taken, else how long (ms) to wait. */
  admit?: (userId: string, points: number) => Promise<number | null>;
  /** Where the checks without a model call run; the check workers (with their deadline) by default. */
  local?: LocalCheckRunner;
  onError?: (error: unknown) => void;
}

/** The answer and row of one run item, as a scoring reads them. */
interface ScoredAnswer {
  result: ItemResult | null;
  error: { code: string; message: string } | null;
  row: CheckedRow;
}

interface ScoringWork {
  scoring: EvaluationScoringRow;
  checks: CheckSpec[];
  judge: JudgeSetting;
  pricing: CallPricing;
  answers: Map<number, ScoredAnswer>;
}

interface Flight {
  controller: AbortController;
  done: Promise<void>;
}

const FREE: CallPricing = { prompt: 0, completion: 0, request: 0, web_search: 0 };
const PricingSchema = z.object({ prompt: z.number(), completion: z.number(), request: z.number(), web_search: z.number() });
const StoredErrorSchema = z.looseObject({ code: z.unknown().optional(), message: z.string() });
/** The longest one wait for the rate limit lasts before it is asked again (a cancel is noticed in between). */
const ADMIT_WAIT_MAX_MS = 5_000;

/** What the judge calls of one check came to: any failed (its verdict is not cached), the budget refused one. */
interface CallState {
  failed: boolean;
  refusal: string | null;
}

/** Stopped for a reason worth showing on the scoring (its judge refused by the person's budget). */
class ScoringStopped extends Error {}

/** The answers a scoring scores: the run's ended items with the pinned question-set rows. */
async function answersOf(runs: EvaluationRunsStore, questionSets: QuestionSetsStore, runId: string): Promise<Map<number, ScoredAnswer>> {
  const run = await runs.get(runId);
  if (!run) throw new ScoringStopped("its run was deleted");
  const set = await questionSets.get<CheckedRow>(run.set_id, run.set_version);
  const items = await runs.items(runId, { limit: Number.MAX_SAFE_INTEGER });
  const answers = new Map<number, ScoredAnswer>();
  for (const item of items) {
    if (item.status !== "done" && item.status !== "failed") continue;
    const row = set?.rows[item.question_index] ?? { question: "" };
    const parsed = item.status === "done" ? ItemResultSchema.safeParse(item.result) : null;
    const stored = StoredErrorSchema.safeParse(item.error);
    const error = stored.success ? { code: String(stored.data.code ?? "failed"), message: stored.data.message } : { code: "failed", message: "The item failed." };
    answers.set(item.position, parsed?.success ? { result: parsed.data, error: null, row } : { result: null, error, row });
  }
  return answers;
}

export class ScoringJobs {
  private readonly work = new Map<string, ScoringWork>();
  private readonly inFlight = new Map<string, Map<number, Flight>>();
  private flying = 0;
  private stopped = false;
  private readonly leaseMs: number;
  private readonly now: () => number;

  constructor(private readonly options: ScoringJobsOptions) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  /** One poll: aborts what this instance runs of scorings that ended (cancelled), then fills the running ones. */
  async tick(): Promise<void> {
    this.stopped = false;
    const running = await this.options.scorings.running();
    const ids = new Set(running.map((scoring) => scoring.id));
    for (const [id, flights] of this.inFlight) if (!ids.has(id)) for (const flight of flights.values()) flight.controller.abort(new Error("The scoring ended"));
    for (const id of this.work.keys()) if (!ids.has(id)) this.work.delete(id);
    for (const scoring of running) {
      try {
        await this.fill(scoring);
      } catch (error) {
        if (error instanceof ScoringStopped) await this.options.scorings.end(scoring.id, "failed", `The scoring cannot go on: ${error.message}`);
        else this.options.onError?.(error);
      }
    }
  }

  /** Stops claiming, aborts what is in flight and hands it back (the next start or another instance resumes it). */
  async stop(): Promise<void> {
    this.stopped = true;
    const all = [...this.inFlight.values()].flatMap((flights) => [...flights.values()]);
    for (const flight of all) flight.controller.abort(new Error("The runner is stopping"));
    await Promise.all(all.map((flight) => flight.done));
  }

  private async workOf(scoring: EvaluationScoringRow): Promise<ScoringWork> {
    const known = this.work.get(scoring.id);
    if (known) return known;
    const checks = CheckListSchema.safeParse(JSON.parse(scoring.checks));
    if (!checks.success) throw new ScoringStopped("its checks cannot run here");
    const pricing = PricingSchema.safeParse(scoring.judge_pricing === null ? null : JSON.parse(scoring.judge_pricing));
    const work: ScoringWork = {
      scoring,
      checks: checks.data,
      judge: { model: scoring.judge_model ?? undefined, threshold: scoring.judge_threshold ?? undefined },
      pricing: pricing.success ? pricing.data : FREE,
      answers: await answersOf(this.options.runs, this.options.questionSets, scoring.run_id),
    };
    this.work.set(scoring.id, work);
    return work;
  }

  private async fill(scoring: EvaluationScoringRow): Promise<void> {
    const work = await this.workOf(scoring);
    for (;;) {
      if (this.stopped || this.flying >= (this.options.inFlightMax ?? 8)) return;
      const claim = await this.options.scorings.claim(scoring.id, this.options.instanceId, { now: this.now(), leaseMs: this.leaseMs, concurrency: this.options.concurrency ?? 4 });
      if (claim.kind === "item") {
        // Its own item whose lease lapsed (this loop was held past the lease): the claim renewed it; never run it twice.
        if (!this.inFlight.get(scoring.id)?.has(claim.position)) this.launch(work, claim.position);
        continue;
      }
      if (claim.kind === "empty" && !this.inFlight.get(scoring.id)?.size && (await this.options.scorings.finishIfComplete(scoring.id))) this.work.delete(scoring.id);
      return;
    }
  }

  private launch(work: ScoringWork, position: number): void {
    const id = work.scoring.id;
    const controller = new AbortController();
    const flights = this.inFlight.get(id) ?? new Map<number, Flight>();
    this.inFlight.set(id, flights);
    this.flying += 1;
    const done = this.runItem(work, position, controller)
      .catch((error) => this.options.onError?.(error))
      .finally(() => {
        this.flying -= 1;
        flights.delete(position);
        if (flights.size === 0) this.inFlight.delete(id);
        // A slot is free: the next item now rather than at the next poll.
        if (!this.stopped && this.work.has(id)) void this.fill(work.scoring).catch((error) => this.options.onError?.(error));
      });
    flights.set(position, { controller, done });
  }

  private async runItem(work: ScoringWork, position: number, controller: AbortController): Promise<void> {
    const { scorings, instanceId } = this.options;
    const id = work.scoring.id;
    const renewal = setInterval(() => {
      void scorings
        .renew(id, position, instanceId, this.now() + this.leaseMs)
        .then((mine) => {
          if (!mine) controller.abort(new Error("The item's claim was lost"));
        })
        .catch((error) => this.options.onError?.(error));
    }, Math.max(50, Math.floor(this.leaseMs / 3)));
    try {
      const outcome = await this.scoreItem(work, position, controller.signal);
      await scorings.finishItem(id, position, instanceId, outcome);
    } catch (error) {
      await scorings.release(id, position, instanceId);
      if (error instanceof ScoringStopped) await scorings.end(id, "failed", error.message);
      else if (!controller.signal.aborted) throw error;
    } finally {
      clearInterval(renewal);
    }
  }

  /** Waits for the user's rate limit to take `points` (abortable); the item keeps its claim meanwhile. */
  private async admitted(userId: string, points: number, signal: AbortSignal): Promise<void> {
    if (!this.options.admit || points === 0) return;
    for (;;) {
      const waitMs = await this.options.admit(userId, points);
      if (waitMs === null) return;
      signal.throwIfAborted();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(waitMs, ADMIT_WAIT_MAX_MS));
        signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
      });
      signal.throwIfAborted();
    }
  }

  /** The judge for one item: each call reserved on the owner's ledger and settled; a budget refusal stops the scoring. */
  private judgeFor(work: ScoringWork, position: number, signal: AbortSignal, spend: (usd: number) => void, state: CallState): JudgeFn | undefined {
    const model = work.judge.model;
    if (model === undefined) return undefined;
    const { ledger } = this.options;
    const subject = { kind: "evaluation-scoring", id: `${work.scoring.id}:${position}` };
    const { judge } = gatewayJudge(this.options.send, model, signal, spend, {
      reserve: async (body) => {
        try {
          return await ledger.reserve({ userId: work.scoring.user_id, feature: "evaluation-judge", model, subject, reserveUsd: callUpperBound(body, work.pricing, { maxOutputTokens: JUDGE_MAX_OUTPUT_TOKENS }).usd, what: "This judge call's reserve" });
        } catch (error) {
          // The check would only say "the judge call failed": the scoring stops, the refusal shown on it.
          if (error instanceof SpendRefusal) state.refusal = error.message;
          throw error;
        }
      },
      settle: async (entry, settled) => {
        if (settled) await ledger.settle(entry.id, { costUsd: settled.costUsd, generationId: settled.generationId, inputTokens: settled.inputTokens, outputTokens: settled.outputTokens });
        else await ledger.markUnknown(entry.id);
      },
    });
    return async (request, judgeSignal) => {
      try {
        return await judge(request, judgeSignal);
      } catch (error) {
        state.failed = true;
        throw error;
      }
    };
  }

  private async scoreItem(work: ScoringWork, position: number, signal: AbortSignal): Promise<{ checks: CheckResult[]; judgeCalls: number; reused: number; costUsd: number }> {
    const { scorings, ledger } = this.options;
    const answer = work.answers.get(position);
    if (!answer) return { checks: [], judgeCalls: 0, reused: 0, costUsd: 0 };
    const keyed = keyedChecks(work.checks, answer.row, work.judge);
    const context = rowContext(answer.row);
    if (answer.result === null) {
      // No answer: every check says "not evaluated", without a call and without the cache.
      const failedItem: ItemResult = { answer: "", citations: [], sources: [], cost_usd: 0, latency_ms: null, ttft_ms: null, error: answer.error ?? { code: "failed", message: "The item failed." } };
      const results = await evaluateChecks(failedItem, keyed.map((entry) => entry.check), { context });
      return { checks: results.map((result, i) => ({ ...result, origin: keyed[i].origin })), judgeCalls: 0, reused: 0, costUsd: 0 };
    }
    const runId = work.scoring.run_id;
    // A claim that lapsed (its process stopped mid-call) left its judge reserves open: their outcome is unknown.
    for (const entry of await ledger.entriesOf({ kind: "evaluation-scoring", id: `${work.scoring.id}:${position}` })) if (entry.state === "reserved") await ledger.markUnknown(entry.id);
    const cached = await scorings.verdictsOf(runId, position);
    const need = itemNeed(keyed, new Set(cached.keys()), { citations: answer.result.citations.length });
    await this.admitted(work.scoring.user_id, need.missing.filter((entry) => usesJudge(entry.check)).length, signal);

    const computed = new Map<string, CheckResult>();
    const local = need.missing.filter((entry) => !usesJudge(entry.check));
    if (local.length > 0) {
      const results = await evaluateChecks(answer.result, local.map((entry) => entry.check), { local: this.options.local ?? checkPool().run, context, signal });
      results.forEach((result, i) => computed.set(local[i].key, result));
      await scorings.putVerdicts(runId, local.map((entry, i) => ({ position, key: entry.key, verdict: cachedForm(results[i]) })));
    }
    let costUsd = 0;
    let judgeCalls = 0;
    for (const entry of need.missing.filter((missing) => usesJudge(missing.check))) {
      signal.throwIfAborted();
      const state: CallState = { failed: false, refusal: null };
      const judge = this.judgeFor(work, position, signal, (usd) => (costUsd += usd), state);
      const counting: JudgeFn | undefined = judge && ((request, judgeSignal) => ((judgeCalls += 1), judge(request, judgeSignal)));
      const [result] = await evaluateChecks(answer.result, [entry.check], { judge: counting, judgeModel: work.judge.model, passThreshold: work.judge.threshold, context, signal });
      signal.throwIfAborted();
      if (state.refusal !== null) throw new ScoringStopped(state.refusal);
      computed.set(entry.key, result);
      // Cached at once (a cut scoring never pays for it again); a verdict from a failed call is tried again next time.
      if (!state.failed && judge) await scorings.putVerdicts(runId, [{ position, key: entry.key, verdict: cachedForm(result) }]);
    }
    const checks = keyed.map((entry) => {
      const verdict = (computed.get(entry.key) ?? cached.get(entry.key)) as CheckResult;
      return { ...verdict, origin: entry.origin };
    });
    return { checks, judgeCalls, reused: need.reused, costUsd };
  }
}
