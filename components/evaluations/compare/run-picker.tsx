"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { compareRunListQuery } from "@/lib/client/queries/evaluation-results";
import { evaluationRunQueries } from "@/lib/client/queries/evaluation-runs";

const MAX_RUNS = 8;

/** A picked run: its id, or `id:n` under its scoring n (from a results page's scorings). */
const idOf = (token: string) => token.split(":")[0] ?? token;

/** Pick 2 to 8 runs of one question set; the first pick fixes the set. */
export function RunPicker({ initial }: { initial: readonly string[] }) {
  // A run the page opened with (from a results page) may be older than the newest 50 of all: list its set's runs.
  const first = initial[0] === undefined ? null : idOf(initial[0]);
  // Only its set is wanted here: read once, not polled while the run goes on.
  const firstRun = useQuery({ ...evaluationRunQueries.detail(first ?? ""), enabled: first !== null, refetchInterval: false });
  const initialSet = first === null || firstRun.isError ? null : firstRun.data?.set_id;
  const runs = useQuery({ ...compareRunListQuery(initialSet ?? null), enabled: initialSet !== undefined });
  const [picked, setPicked] = useState<string[]>([...initial]);
  if (runs.isError) return <Alert>The runs could not be loaded: {apiErrorMessage(runs.error)}</Alert>;
  if (!runs.data) return <Skeleton className="h-40 w-full" />;
  const setId = runs.data.find((r) => r.id === idOf(picked[0] ?? ""))?.set_id ?? null;
  const choices = runs.data.filter((r) => setId === null || r.set_id === setId);
  const tokenOf = (id: string) => picked.find((token) => idOf(token) === id);
  const toggle = (id: string) => setPicked((p) => (tokenOf(id) !== undefined ? p.filter((x) => idOf(x) !== id) : p.length < MAX_RUNS ? [...p, id] : p));

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Runs of the same question set (2 to {MAX_RUNS})</legend>
      {choices.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No runs yet.</p> : null}
      <ul className="space-y-1">
        {choices.map((run) => (
          <li key={run.id}>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={tokenOf(run.id) !== undefined} onChange={() => toggle(run.id)} />
              <span className="font-mono text-xs">{run.id.slice(0, 8)}</span>
              <span>{new Date(run.created_at).toLocaleString()}</span>
              <span className="text-slate-600 dark:text-slate-400">
                set v{run.set_version} · {run.status}
                {tokenOf(run.id)?.includes(":") ? ` · under scoring ${tokenOf(run.id)!.split(":")[1]}` : ""}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {picked.length >= 2 ? (
        <Link href={`/evaluations/compare?runs=${picked.join(",")}`} className="inline-flex h-9 items-center rounded-md bg-brand-600 px-3.5 text-sm font-medium text-white hover:bg-brand-700">
          Compare {picked.length} runs
        </Link>
      ) : (
        <p className="text-xs text-slate-600 dark:text-slate-400">Pick at least two runs.</p>
      )}
    </fieldset>
  );
}
