import path from "node:path";
import { z } from "zod";
import { EvaluationItemPageSchema, QuestionSetSavedEnvelopeSchema } from "@/lib/contract/bff/evaluations";
import { EvaluationRunDetailEnvelopeSchema, EvaluationRunEnvelopeSchema } from "@/lib/contract/bff/evaluation-run-progress";
import { aggregateVersion, type ScoredItem } from "@/lib/evaluations/aggregate";
import type { EvaluationCliOptions } from "@/lib/evaluations/cli-args";
import { evaluateBaselineGate, type ItemVerdict } from "@/lib/evaluations/cli-regressions";
import { formatCheck } from "@/lib/evaluations/check-spelling";
import type { QuestionRow } from "@/lib/evaluations/questions";
import type { ReportItem, ReportVersion } from "@/lib/evaluations/report-json";
import { progressLine } from "./eval-progress";
import { EXIT_INTERRUPTED, report, resultOf, verdictOf, type CliIo } from "./eval-report";

/*
 * `npm run eval -- --server https://gatehouse.example.com ...`: the same run, made by a running Gatehouse. The CLI
 * uploads the question file as a question set, starts the run through POST /api/evaluations/runs (so it is on the runs list,
 * its spending on the ledger, the server's caps and limits apply), polls its progress, reads its items and reports
 * and gates exactly as a local run does. It authenticates with a personal access token from GATEHOUSE_TOKEN (never a
 * flag, which would land in shell history), sent as `Authorization: Bearer` and never printed.
 */

/** What a run started with --server may spend when --max-cost does not say (the server's own per-run limit applies too). */
const SERVER_DEFAULT_CAP_USD = 5;
const ITEMS_PAGE = 200;

/** A failure talking to the server: the CLI prints it and exits 2. */
class ServerError extends Error {}

const ErrorBodySchema = z.object({ error: z.object({ message: z.string() }) });

interface Client {
  call<T>(method: string, pathAndQuery: string, schema: z.ZodType<T>, body?: unknown): Promise<T>;
}

function client(server: string, token: string, fetchFn: typeof fetch): Client {
  return {
    async call(method, pathAndQuery, schema, body) {
      let response: Response;
      try {
        response = await fetchFn(`${server}${pathAndQuery}`, {
          method,
          headers: { authorization: `Bearer ${token}`, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        throw new ServerError(`cannot reach ${server}: ${(error as Error).message}`);
      }
      const text = await response.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // Not JSON: said below with the status.
      }
      if (!response.ok) {
        const message = ErrorBodySchema.safeParse(json).data?.error.message ?? `HTTP ${response.status}`;
        const hint = response.status === 401 ? " (is GATEHOUSE_TOKEN a live personal access token of this server?)" : "";
        throw new ServerError(`${method} ${pathAndQuery.split("?")[0]}: ${response.status} ${message}${hint}`);
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new ServerError(`${method} ${pathAndQuery.split("?")[0]}: the server's answer is not what this CLI reads (another Gatehouse version?)`);
      return parsed.data;
    },
  };
}

const wait = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

export async function runOnServer(options: EvaluationCliOptions, rows: readonly QuestionRow[], fileText: string, io: CliIo): Promise<number> {
  const token = io.env.GATEHOUSE_TOKEN?.trim();
  if (!token) {
    io.err("gatehouse eval: --server needs GATEHOUSE_TOKEN: a personal access token (create one on your account page in the dashboard)\n");
    return 2;
  }
  const server = options.server!;
  const api = client(server, token, io.fetch ?? fetch);
  try {
    const set = await api.call("POST", "/api/evaluations/question-sets", QuestionSetSavedEnvelopeSchema, {
      name: path.basename(options.questions.path).slice(0, 100),
      format: options.questions.format,
      text: fileText,
      note: "uploaded by npm run eval --server",
    });
    // The baseline first, so it is the run's version 0 (reused when --versions lists it too).
    const versions = options.baseline === null ? options.versions : [options.baseline, ...options.versions.filter((v) => v !== options.baseline)];
    const created = await api.call("POST", "/api/evaluations/runs", EvaluationRunEnvelopeSchema, {
      set_id: set.data.set_id,
      set_version: set.data.version,
      ...(options.preset ? { preset: options.preset } : {}),
      versions,
      models: options.models,
      repeats: options.repeats,
      concurrency: options.concurrency,
      checks: options.checks.map(formatCheck),
      cap_usd: options.maxCostUsd ?? SERVER_DEFAULT_CAP_USD,
      ...(options.judgeModel ? { judge_model: options.judgeModel } : {}),
      ...(options.judgeThreshold !== null ? { judge_threshold: options.judgeThreshold } : {}),
    });
    const runId = created.data.id;
    io.err(`gatehouse eval: started run ${runId} on ${server} (it is on the dashboard's runs list)\n`);
    const startedAt = Date.now();
    let last = "";
    let detail = await api.call("GET", `/api/evaluations/runs/${runId}`, EvaluationRunDetailEnvelopeSchema);
    while (detail.data.status === "running") {
      if (io.signal?.aborted) {
        io.err(`gatehouse eval: interrupted; the run goes on on the server: ${server}/evaluations/runs/${runId}\n`);
        return EXIT_INTERRUPTED;
      }
      const totals = detail.data.progress.totals;
      const line = progressLine(totals.done + totals.failed, totals.total, totals.spent_usd);
      if (line !== last) io.err(`gatehouse eval: ${line}\n`);
      last = line;
      await wait(io.progressMs ?? 1_000, io.signal);
      detail = await api.call("GET", `/api/evaluations/runs/${runId}`, EvaluationRunDetailEnvelopeSchema);
    }
    const totals = detail.data.progress.totals;
    io.err(`gatehouse eval: ${progressLine(totals.done + totals.failed, totals.total, totals.spent_usd)}\n`);
    const planVersions = z.array(z.object({ id: z.string() })).parse(detail.data.plan.versions);
    const items: z.infer<typeof EvaluationItemPageSchema>["data"] = [];
    for (let offset: number | null = 0; offset !== null; ) {
      const page: z.infer<typeof EvaluationItemPageSchema> = await api.call("GET", `/api/evaluations/runs/${runId}/items?offset=${offset}&limit=${ITEMS_PAGE}`, EvaluationItemPageSchema);
      items.push(...page.data);
      offset = page.next_offset;
    }
    const scored: ScoredItem[][] = planVersions.map(() => []);
    const reportItems: ReportItem[] = [];
    const verdicts: Array<{ version: string; question_index: number; repeat_index: number; verdict: ItemVerdict }> = [];
    for (const item of items) {
      const result = resultOf(item);
      const checks = (item.checks as ScoredItem["checks"] | null) ?? [];
      const version = planVersions[item.version_index]?.id ?? String(item.version_index);
      scored[item.version_index]?.push({ result, checks });
      reportItems.push({ question: rows[item.question_index]?.question ?? "", version, repeat: item.repeat_index + 1, result, checks });
      verdicts.push({ version, question_index: item.question_index, repeat_index: item.repeat_index, verdict: verdictOf(result, checks) });
    }
    const reportVersions: ReportVersion[] = planVersions.map((version, index) => ({ id: version.id, aggregate: aggregateVersion(scored[index]) }));
    const baselineId = options.baseline !== null ? (planVersions[0]?.id ?? null) : null;
    const baselineGate =
      baselineId !== null && options.regressions !== null
        ? evaluateBaselineGate(verdicts, baselineId, planVersions.map((v) => v.id).filter((id) => id !== baselineId), options.regressions)
        : null;
    const stopped = detail.data.status === "finished" ? null : (detail.data.stop_reason ?? detail.data.status);
    if (stopped) io.err(`gatehouse eval: the run ended early (${stopped}); unstarted answers count as failed\n`);
    return await report({ io, options, rows, reportVersions, reportItems, baselineGate, wallMs: Date.now() - startedAt, stopped, finish: () => {} });
  } catch (error) {
    // Never the token: messages carry the server's words and the route, not the request's headers.
    io.err(`gatehouse eval: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}
