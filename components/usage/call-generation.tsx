"use client";

import { useQuery } from "@tanstack/react-query";
import { callGenerationQuery } from "@/lib/client/queries/usage";
import { formatUsd } from "@/lib/video-models/money";
import { apiErrorMessage } from "@/lib/client/api-error-message";

/** The gateway's record of one call, read when its row is opened: who served it, tokens, latency and cost. */
export function CallGeneration({ callId }: { callId: string }) {
  const query = useQuery(callGenerationQuery(callId));
  if (query.isError) return <p role="status">{apiErrorMessage(query.error)}</p>;
  const data = query.data;
  if (!data) return <p role="status">Reading the gateway’s record…</p>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr_auto_1fr]" data-testid="call-generation">
      <dt className="text-slate-600 dark:text-slate-400">Generation</dt>
      <dd className="break-all font-mono text-xs">{data.generation_id}</dd>
      <dt className="text-slate-600 dark:text-slate-400">Provider</dt>
      <dd>{data.provider ?? "–"}</dd>
      <dt className="text-slate-600 dark:text-slate-400">Tokens in / out</dt>
      <dd className="tabular-nums">
        {data.input_tokens ?? "–"} / {data.output_tokens ?? "–"}
      </dd>
      <dt className="text-slate-600 dark:text-slate-400">Latency</dt>
      <dd className="tabular-nums">{data.latency_ms === null ? "–" : `${data.latency_ms} ms`}</dd>
      <dt className="text-slate-600 dark:text-slate-400">Cost</dt>
      <dd className="tabular-nums">{formatUsd(data.cost_usd)}</dd>
      <dt className="text-slate-600 dark:text-slate-400">Finish</dt>
      <dd>{data.finish_reason ?? "–"}</dd>
    </dl>
  );
}
