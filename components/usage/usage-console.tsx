"use client";

import { useSyncExternalStore } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { USAGE_FEATURES } from "@/lib/usage/features";
import { usageQueries, type UsageParams } from "@/lib/client/queries/usage";
import { browserZone, canonicalZone, currentQuarterHourMs, DAY_MS, localDayOf, zoneNames } from "@/lib/usage/days";
import { usageSearchParams } from "@/lib/usage/search-params";
import { formatUsd } from "@/lib/video-models/money";
import { Input, Select } from "@/components/ui/input";
import { QueryErrorAlert } from "@/components/ui/query-error-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { BreakdownTable } from "./breakdown-table";
import { BudgetSummary } from "./budget-summary";
import { CallsTable } from "./calls-table";
import { Reconciliation } from "./reconciliation";
import { SpendChart } from "./spend-chart";

const noSubscription = () => () => {};

/** The browser's IANA zone; null while rendering on the server (the first query waits for it). */
function useBrowserZone(): string | null {
  return useSyncExternalStore(noSubscription, browserZone, () => null);
}

let zoneList: string[] | null = null;
/** The IANA zones this browser knows; null on the server, whose list may differ (the option list must hydrate). */
function useZoneNames(): string[] | null {
  return useSyncExternalStore(noSubscription, () => (zoneList ??= zoneNames()), () => null);
}

/** Now, to the quarter hour (a stable snapshot, so "today" can be computed while rendering). */
function useCurrentQuarterHour(): number | null {
  return useSyncExternalStore(noSubscription, currentQuarterHourMs, () => null);
}

const labelClass = "flex flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300";

/**
 * The usage console: spend per local day (stacked by feature or model, also as a table), breakdowns, the person's
 * budget and the calls themselves. Range, time zone and filters live in the URL; by default the last 30 days in
 * the browser's time zone.
 */
export function UsageConsole({ isAdmin }: { isAdmin: boolean }) {
  const [url, setUrl] = useQueryStates(usageSearchParams);
  const browserTz = useBrowserZone();
  const zones = useZoneNames();
  // A zone the URL names but this browser does not know is shown as named; the API answers 400 for it.
  const tz = url.tz ? (canonicalZone(url.tz) ?? url.tz) : browserTz;
  const now = useCurrentQuarterHour();
  const today = tz === null || now === null || canonicalZone(tz) === null ? null : localDayOf(now, tz);
  const to = url.to ?? today;
  const from = url.from ?? (to ? new Date(Date.parse(to) - 29 * DAY_MS).toISOString().slice(0, 10) : null);
  const params: UsageParams | null = tz !== null && from && to ? { from, to, tz, feature: url.feature, model: url.model, preset: url.preset, user: url.user } : null;
  const report = useQuery({ ...usageQueries.report(params ?? { from: "", to: "", tz: "UTC" }), enabled: params !== null, placeholderData: keepPreviousData });
  const data = report.data;
  const choices = (current: string | null, keys: readonly string[] | undefined) => [...new Set([...(current ? [current] : []), ...(keys ?? [])])];

  return (
    <div className="space-y-6">
      <form className="flex flex-wrap items-end gap-3" aria-label="Range and filters" onSubmit={(event) => event.preventDefault()}>
        <label className={labelClass}>
          From
          <Input type="date" value={from ?? ""} max={to ?? undefined} onChange={(event) => void setUrl({ from: event.target.value || null })} />
        </label>
        <label className={labelClass}>
          To
          <Input type="date" value={to ?? ""} min={from ?? undefined} onChange={(event) => void setUrl({ to: event.target.value || null })} />
        </label>
        <label className={labelClass}>
          Time zone
          <Select className="max-w-56" value={tz ?? ""} onChange={(event) => void setUrl({ tz: event.target.value || null })}>
            {(zones ?? []).includes(tz ?? "") || tz === null ? null : <option value={tz}>{tz}</option>}
            {(zones ?? (tz ? [] : [""])).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </Select>
        </label>
        <label className={labelClass}>
          Feature
          <Select value={url.feature ?? ""} onChange={(event) => void setUrl({ feature: event.target.value || null })}>
            <option value="">All features</option>
            {USAGE_FEATURES.map((feature) => (
              <option key={feature}>{feature}</option>
            ))}
          </Select>
        </label>
        <label className={labelClass}>
          Model
          <Select value={url.model ?? ""} onChange={(event) => void setUrl({ model: event.target.value || null })}>
            <option value="">All models</option>
            {choices(url.model, data?.by_model.map((group) => group.key)).map((model) => (
              <option key={model}>{model}</option>
            ))}
          </Select>
        </label>
        <label className={labelClass}>
          Preset
          <Select value={url.preset ?? ""} onChange={(event) => void setUrl({ preset: event.target.value || null })}>
            <option value="">All presets</option>
            {choices(url.preset, data?.by_preset.filter((group) => group.key !== "").map((group) => group.key)).map((preset) => (
              <option key={preset}>{preset}</option>
            ))}
          </Select>
        </label>
        {isAdmin ? (
          <label className={labelClass}>
            Person
            <Select value={url.user ?? ""} onChange={(event) => void setUrl({ user: event.target.value || null })}>
              <option value="">Everyone</option>
              {(data?.by_person ?? []).map((person) => (
                <option key={person.key} value={person.key}>
                  {person.label}
                </option>
              ))}
            </Select>
          </label>
        ) : null}
      </form>

      <BudgetSummary />

      {report.isError ? <QueryErrorAlert query={report} /> : null}
      <section aria-labelledby="usage-over-time" className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="usage-over-time" className="text-sm font-semibold">
            Spend over time{data ? `: ${formatUsd(data.total.usd)} in ${data.total.calls} calls` : ""}
          </h2>
          <fieldset className="flex items-center gap-3 text-sm">
            <legend className="sr-only">Stack the bars by</legend>
            {(["feature", "model"] as const).map((stack) => (
              <label key={stack} className="flex items-center gap-1">
                <input type="radio" name="stack" value={stack} checked={url.stack === stack} onChange={() => void setUrl({ stack })} />
                By {stack}
              </label>
            ))}
          </fieldset>
        </div>
        {data ? <SpendChart days={data.days} stack={url.stack} /> : <Skeleton className="h-48 w-full" />}
      </section>

      {data ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <BreakdownTable title="By feature" groups={data.by_feature} />
          <BreakdownTable title="By model" groups={data.by_model} />
          <BreakdownTable title="By preset and version" groups={data.by_preset} />
          {data.by_person ? <BreakdownTable title="By person" groups={data.by_person} /> : null}
        </div>
      ) : null}

      {isAdmin && params ? <Reconciliation from={params.from} to={params.to} /> : null}

      {params ? <CallsTable params={params} showPerson={isAdmin} /> : null}
    </div>
  );
}
