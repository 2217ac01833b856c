"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo } from "react";
import { FieldDiffTable } from "@/components/ui/field-diff-table";
import { JsonDiffView } from "@/components/ui/json-diff-view";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { PresetVersion } from "@/lib/contract/gateway";
import type { VersionPair } from "@/lib/playground/preset-compare";
import { versionRequest } from "@/lib/playground/preset-compare";
import { diffJson, presetDocument, summarizeDiff } from "@/lib/presets/diff";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { Alert } from "@/components/ui/alert";

function failure(number: number, query: UseQueryResult<PresetVersion>): string | null {
  if (!query.isError) return null;
  const status = (query.error as { status?: number }).status;
  return status === 404 ? `Version ${number} does not exist.` : `Version ${number} could not be loaded: ${apiErrorMessage(query.error)}`;
}

/**
 * What a comparison of two preset versions is about: the field-level diff of their configs (the
 * preset studio's diff), how each becomes a request, and config fields a request cannot carry.
 */
export function PresetComparePanel({
  slug,
  pair,
  from,
  to,
  edited,
  onRebuild,
}: {
  slug: string;
  pair: VersionPair;
  from: UseQueryResult<PresetVersion>;
  to: UseQueryResult<PresetVersion>;
  /** The columns were changed after they were built from the versions. */
  edited: boolean;
  onRebuild: () => void;
}) {
  const before = useMemo(() => (from.data ? presetDocument(from.data) : null), [from.data]);
  const after = useMemo(() => (to.data ? presetDocument(to.data) : null), [to.data]);
  const changes = useMemo(() => (before && after ? diffJson(before, after) : []), [before, after]);
  const dropped = useMemo(
    () =>
      [from.data, to.data].flatMap((version) =>
        version ? versionRequest(version, "").dropped.map((entry) => ({ ...entry, version: version.version })) : [],
      ),
    [from.data, to.data],
  );
  const errors = [failure(pair.from, from), failure(pair.to, to)].filter((message): message is string => message !== null);
  const fromLabel = `v${pair.from}`;
  const toLabel = `v${pair.to}`;
  const studioHref = `/presets/${encodeURIComponent(slug)}?tab=history&compare=${pair.from}..${pair.to}`;

  return (
    <section aria-labelledby="preset-compare-title" className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid="preset-compare">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 max-w-3xl">
          <h2 id="preset-compare-title" className="text-base font-semibold">
            Answers of <code className="break-all font-mono">{slug}</code> {fromLabel} and {toLabel}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
            Each column is its version&apos;s config written out as a request (model, settings, web search, the system prompt as instructions), so the
            comparison runs on any gateway. Both columns ask the same question.
          </p>
        </div>
        <Button asChild size="sm">
          <Link href={studioHref}>Open in the preset studio</Link>
        </Button>
      </div>

      {errors.length > 0 ? (
        <Alert className="p-3">
          {errors.join(" ")}{" "}
          <Link href={`/presets/${encodeURIComponent(slug)}?tab=history`} className="underline underline-offset-2">
            Choose versions in the history of {slug}
          </Link>
          .
        </Alert>
      ) : null}

      {before && after ? (
        <div className="space-y-2">
          <div className="flex flex-wrap items-baseline gap-x-3">
            <h3 className="text-sm font-semibold">
              Config changes from {fromLabel} to {toLabel}
            </h3>
            <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="preset-diff-summary">
              {summarizeDiff(changes)}
            </p>
          </div>
          <FieldDiffTable changes={changes} beforeLabel={fromLabel} afterLabel={toLabel} />
          <details>
            <summary className="cursor-pointer text-sm font-medium text-slate-700 dark:text-slate-300">Both versions as JSON</summary>
            <div className="pt-2">
              <JsonDiffView before={before} after={after} mode="unified" beforeLabel={`Version ${pair.from}`} afterLabel={`Version ${pair.to}`} />
            </div>
          </details>
          {dropped.length > 0 ? (
            <div className="text-xs text-slate-600 dark:text-slate-400" data-testid="dropped-fields">
              <p className="font-medium">Not sent, since a responses request cannot carry them:</p>
              <ul className="list-disc pl-5">
                {dropped.map((entry) => (
                  <li key={`${entry.version}:${entry.field}`}>
                    v{entry.version} <code className="font-mono">{entry.field}</code>: {entry.reason}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : errors.length === 0 ? (
        <div role="status" aria-label="Loading the versions" className="space-y-2">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : null}

      {edited ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100" data-testid="columns-edited">
          <span>The columns were changed after they were built from the versions.</span>
          <Button size="sm" onClick={onRebuild}>
            Rebuild from {fromLabel} and {toLabel}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
