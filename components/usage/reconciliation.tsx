"use client";

import { useQuery } from "@tanstack/react-query";
import { reconciliationQuery } from "@/lib/client/queries/usage";
import { formatUsd } from "@/lib/video-models/money";

/** Admins: does the ledger agree with the gateway's own accounting for the same UTC days? */
export function Reconciliation({ from, to }: { from: string; to: string }) {
  const query = useQuery(reconciliationQuery(from, to));
  const data = query.data;
  return (
    <section aria-labelledby="usage-reconciliation" className="rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800">
      <h2 id="usage-reconciliation" className="mb-2 font-semibold">
        Ledger and gateway
      </h2>
      {query.isError ? <p>The comparison could not be read.</p> : null}
      {data ? (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 tabular-nums" data-testid="usage-reconciliation">
            <dt>UTC days</dt>
            <dd>{data.from <= data.to ? `${data.from} to ${data.to}` : "none"}</dd>
            <dt>Ledger</dt>
            <dd>{formatUsd(data.ledger_usd)}</dd>
            <dt>Gateway</dt>
            <dd>{data.gateway_usd === null ? "–" : formatUsd(data.gateway_usd)}</dd>
            <dt>Gap</dt>
            <dd>{data.gap_usd === null ? "–" : formatUsd(data.gap_usd)}</dd>
          </dl>
          {data.gateway_note ? <p className="mt-2 text-slate-600 dark:text-slate-400">{data.gateway_note}</p> : null}
        </>
      ) : null}
    </section>
  );
}
