"use client";

import { useQuery } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { resultQueries } from "@/lib/client/queries/evaluation-results";
import type { EvaluationDomains } from "@/lib/contract/bff/evaluation-results";
import { formatNumber, formatPercent } from "./format";

type VersionDomains = EvaluationDomains["versions"][number];

const SHOWN = 25;

function DomainList({ title, domains }: { title: string; domains: readonly string[] | null }) {
  if (domains === null) return null;
  return (
    <p className="text-xs">
      <span className="font-medium">{title}:</span> {domains.length === 0 ? "none" : domains.join(", ")}
    </p>
  );
}

function VersionDomainsCard({ version }: { version: VersionDomains }) {
  const f = version.freshness;
  return (
    <section aria-label={`Domains of ${version.label}`} data-testid="version-domains" className="min-w-0 space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <h3 className="text-sm font-semibold">{version.label}</h3>
      <p className="text-xs text-slate-700 dark:text-slate-300">
        {version.distinct_domains} distinct domains · {version.outside_allowed_citations} citations outside their question&apos;s allowed list
      </p>
      <DomainList title="New against the first version" domains={version.new_vs_first} />
      <DomainList title="Gone against the first version" domains={version.gone_vs_first} />
      <table className="w-full text-left text-xs">
        <caption className="sr-only">Cited domains of {version.label}</caption>
        <thead>
          <tr className="text-slate-600 dark:text-slate-400">
            <th scope="col" className="py-1 font-medium">Domain</th>
            <th scope="col" className="py-1 text-right font-medium">Citations</th>
            <th scope="col" className="py-1 text-right font-medium">Questions</th>
            <th scope="col" className="py-1 text-right font-medium">Outside list</th>
          </tr>
        </thead>
        <tbody>
          {version.domains.slice(0, SHOWN).map((d) => (
            <tr key={d.domain} className="border-t border-slate-100 dark:border-slate-800">
              <th scope="row" className="max-w-[12rem] truncate py-1 font-normal">{d.domain}</th>
              <td className="py-1 text-right tabular-nums">{d.citations}</td>
              <td className="py-1 text-right tabular-nums">{d.questions}</td>
              <td className={`py-1 text-right tabular-nums ${d.outside_allowed > 0 ? "font-semibold text-red-700 dark:text-red-300" : ""}`}>{d.outside_allowed}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {version.domains.length > SHOWN ? <p className="text-xs text-slate-600 dark:text-slate-400">and {version.domains.length - SHOWN} more (in the exports)</p> : null}
      <p className="text-xs text-slate-700 dark:text-slate-300" data-testid="freshness">
        <span className="font-medium">Freshness (time-sensitive questions):</span>{" "}
        {f.cited_sources === 0
          ? "no cited sources on time-sensitive questions."
          : `${f.dated_sources} of ${f.cited_sources} cited sources dated; median age ${formatNumber(f.median_age_days, 0)} days; ${formatPercent(f.older_share)} older than ${f.max_age_days} days.`}
      </p>
    </section>
  );
}

/** Per version: the cited domains with counts, new and gone against the first version, outside the allowed list, freshness. */
export function DomainsView({ runId }: { runId: string }) {
  const domains = useQuery(resultQueries.domains(runId));
  if (domains.isError) return <Alert>The domains could not be loaded: {apiErrorMessage(domains.error)}</Alert>;
  if (!domains.data) return <Skeleton className="h-80 w-full" />;
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      {domains.data.versions.map((v) => (
        <VersionDomainsCard key={v.version_index} version={v} />
      ))}
    </div>
  );
}
