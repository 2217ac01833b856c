"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { Select, SelectOptions } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { presetQueries } from "@/lib/client/queries/presets";
import type { PresetVersion } from "@/lib/contract/gateway";
import { diffJson, presetDocument, summarizeDiff } from "@/lib/presets/diff";
import { FieldDiffTable } from "@/components/ui/field-diff-table";
import { JsonDiffView, type JsonDiffMode } from "@/components/ui/json-diff-view";
import { CompareAnswersForm } from "./compare-answers-form";
import type { ComparePair } from "@/lib/presets/search-params";

function useVersion(slug: string, number: number, versions: readonly PresetVersion[]) {
  const known = versions.find((version) => version.version === number);
  const query = useQuery({ ...presetQueries.version(slug, number), enabled: !known });
  return known ?? query.data ?? null;
}

/** One end of the pair; its accessible name ("Compare from version") says more than the visible "From". */
function VersionSelect({ label, numbers, value, onChange }: { label: "From" | "To"; numbers: readonly number[]; value: number; onChange: (number: number) => void }) {
  return (
    <label className="text-xs">
      <span className="mb-0.5 block text-slate-600 dark:text-slate-400">{label}</span>
      <Select value={String(value)} onChange={(event) => onChange(Number(event.target.value))} className="w-auto" aria-label={`Compare ${label.toLowerCase()} version`}>
        <SelectOptions values={numbers} label={(number) => `v${number}`} />
      </Select>
    </label>
  );
}

/** Field-level and JSON diff of two versions; the pair lives in the URL (?compare=3..5). */
export function ComparePanel({
  slug,
  pair,
  versions,
  mode,
  onPairChange,
  onModeChange,
  onClose,
}: {
  slug: string;
  pair: ComparePair;
  versions: readonly PresetVersion[];
  mode: JsonDiffMode;
  onPairChange: (pair: ComparePair) => void;
  onModeChange: (mode: JsonDiffMode) => void;
  onClose: () => void;
}) {
  const from = useVersion(slug, pair.from, versions);
  const to = useVersion(slug, pair.to, versions);
  const before = useMemo(() => (from ? presetDocument(from) : null), [from]);
  const after = useMemo(() => (to ? presetDocument(to) : null), [to]);
  const changes = useMemo(() => (before && after ? diffJson(before, after) : []), [before, after]);
  const numbers = versions.map((version) => version.version);
  const missing = [pair.from, pair.to].filter((number) => numbers.length > 0 && !numbers.includes(number));

  return (
    <section aria-labelledby="compare-title" className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid="compare-panel">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="compare-title" className="text-base font-semibold">
            Compare version {pair.from} with version {pair.to}
          </h2>
          <p className="mt-0.5 text-sm font-medium" data-testid="diff-summary">
            {before && after ? summarizeDiff(changes) : missing.length > 0 ? `Version ${missing.join(" and ")} does not exist` : "Loading…"}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <VersionSelect label="From" numbers={numbers} value={pair.from} onChange={(from) => onPairChange({ ...pair, from })} />
          <Button size="sm" variant="ghost" onClick={() => onPairChange({ from: pair.to, to: pair.from })} aria-label="Swap versions">
            ⇄
          </Button>
          <VersionSelect label="To" numbers={numbers} value={pair.to} onChange={(to) => onPairChange({ ...pair, to })} />
          <Button size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>

      {before && after ? (
        <>
          <CompareAnswersForm slug={slug} pair={pair} />
          <FieldDiffTable changes={changes} beforeLabel={`v${pair.from}`} afterLabel={`v${pair.to}`} />
          <div className="space-y-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">JSON</h3>
              <div role="group" aria-label="JSON diff layout" className="flex gap-1">
                <Button size="sm" variant={mode === "split" ? "primary" : "secondary"} aria-pressed={mode === "split"} onClick={() => onModeChange("split")}>
                  Side by side
                </Button>
                <Button size="sm" variant={mode === "unified" ? "primary" : "secondary"} aria-pressed={mode === "unified"} onClick={() => onModeChange("unified")}>
                  Unified
                </Button>
              </div>
            </div>
            <JsonDiffView before={before} after={after} mode={mode} beforeLabel={`Version ${pair.from}`} afterLabel={`Version ${pair.to}`} />
          </div>
        </>
      ) : missing.length === 0 ? (
        <div className="space-y-2">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : null}
    </section>
  );
}
