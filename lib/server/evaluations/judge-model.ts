import { DEMO_JUDGE_MODEL, type JudgeFn } from "@/lib/evaluations/judge-protocol";
import { HttpError } from "../http/errors";
import { callItem, type SendResponses } from "./item-call";

/**
 * Which judge grades an evaluation, decided in one place for the new-run form, the re-score dialog and the CLI:
 * the one asked for, else EVAL_JUDGE_MODEL, else the gateway's demo judge, but only when the gateway lists it
 * (the embedded gateway, strict or not). A real gateway lists no `gatehouse/judge`, so there a judge check without
 * a chosen judge is refused instead of naming a model that does not exist. A judge the gateway does not list is
 * refused before anything runs.
 */

export interface JudgeChoice {
  /** The model asked for in this request (form field, dialog field, --judge-model). */
  requested: string | undefined;
  /** EVAL_JUDGE_MODEL. */
  configured: string | undefined;
  /** The ids the gateway's catalog lists. */
  listed: ReadonlySet<string>;
  /** True when a check that will run (the run's or a row's) uses the judge: only then is a judge required. */
  needed: boolean;
  /** The field a refusal names (`judge_model`, `--judge-model`). */
  field: string;
}

/** The judge model to use, or undefined when no check needs one and none was chosen; a 400 naming the field otherwise. */
export function chooseJudgeModel({ requested, configured, listed, needed, field }: JudgeChoice): string | undefined {
  const chosen = requested ?? configured ?? (listed.has(DEMO_JUDGE_MODEL) ? DEMO_JUDGE_MODEL : undefined);
  if (chosen === undefined) {
    if (!needed) return undefined;
    const message = "no judge model: choose one the gateway lists, or set EVAL_JUDGE_MODEL (judge, expected and citation-support checks need one)";
    throw new HttpError(400, `${field}: ${message}`, { metadata: { issues: [{ path: field, message }] } });
  }
  if (!listed.has(chosen)) {
    const source = requested !== undefined ? "" : " (from EVAL_JUDGE_MODEL)";
    const message = `the gateway lists no model "${chosen}"${source}; choose a judge model from its catalog`;
    throw new HttpError(400, `${field}: ${message}`, { metadata: { issues: [{ path: field, message }] } });
  }
  return chosen;
}

/** A judge's verdict is a score and a sentence or two: every judge call carries this answer bound, so its reserve has one. */
export const JUDGE_MAX_OUTPUT_TOKENS = 1_024;

/** The body of one judge call: what it reserves is computed from it (lib/server/ledger/call-reserve.ts). */
type JudgeCallBody = { model: string; instructions: string; input: string; temperature: number; max_output_tokens: number };

/** What a judge call settles with: its cost and generation, or null when its outcome is unknown (the call threw). */
interface JudgeCallOutcome {
  costUsd: number;
  generationId: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
}

/**
 * Where each judge call's money goes (convention 23): reserved on the ledger before the call (refused past the run's
 * cap or the person's budget: the check fails saying so) and settled after it.
 */
export interface JudgeCharge<Entry> {
  reserve(body: JudgeCallBody): Promise<Entry>;
  /** May return what the call counts (its cost, or the reserve an unknown outcome keeps): that is what `spend` hears. */
  settle(entry: Entry, outcome: JudgeCallOutcome | null): Promise<number | void>;
}

/** The judge through the gateway's /responses (temperature 0), each call charged, what it cost passed to `spend`. */
export function gatewayJudge<Entry>(
  send: SendResponses,
  model: string,
  signal: AbortSignal,
  spend: (usd: number) => void,
  charge: JudgeCharge<Entry>,
): { judge: JudgeFn; calls: () => number } {
  let calls = 0;
  const judge: JudgeFn = async (request, judgeSignal) => {
    const body: JudgeCallBody = { model, instructions: request.instructions, input: request.input, temperature: 0, max_output_tokens: JUDGE_MAX_OUTPUT_TOKENS };
    const entry = await charge.reserve(body);
    calls += 1;
    let reply;
    try {
      reply = await callItem(send, body, judgeSignal ?? signal);
    } catch (error) {
      await charge.settle(entry, null);
      throw error;
    }
    const done = reply.kind === "done" ? reply.result : null;
    // A judge stream cut without its usage has an unknown cost (null): its reserve is kept, never settled at $0.
    const cost = done ? done.cost_usd : reply.kind === "done" ? 0 : reply.costUsd;
    const outcome = cost === null ? null : { costUsd: cost, generationId: done?.response_id ?? null, inputTokens: done?.usage?.input_tokens ?? null, outputTokens: done?.usage?.output_tokens ?? null };
    const counted = await charge.settle(entry, outcome);
    spend(typeof counted === "number" ? counted : (cost ?? 0));
    if (reply.kind !== "done") throw new Error(`The judge model ${model} failed: ${reply.error.message}`);
    return reply.result.answer;
  };
  return { judge, calls: () => calls };
}
