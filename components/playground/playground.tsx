"use client";

import { useQuery } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { playgroundQueries } from "@/lib/client/queries/playground";
import type { Model } from "@/lib/contract/gateway";
import type { VersionPair } from "@/lib/playground/preset-compare";
import { serializeSetup, setupFromParams, type PlaygroundSetup } from "@/lib/playground/setup";
import { lazyComponent } from "@/components/ui/lazy-component";
import { LazySlot } from "@/components/ui/lazy-slot";
import { playgroundUrlKeys, URL_OPTIONS } from "./url-state";
import { Workbench } from "./workbench";

/** A comparison of two preset versions: its diff panel and the columns built from it (a chunk of its own). */
const PresetComparisonPart = lazyComponent(() => import("./preset-comparison"));

const PREFERRED_DEFAULT_MODEL = "gatehouse/swift";
const NO_MODELS: Model[] = [];

/** Holds the place of a comparison of preset versions while its chunk loads: the diff panel, then two columns. */
const COMPARISON_PLACEHOLDER = (
  <div aria-hidden className="space-y-4">
    <Skeleton className="h-40 w-full rounded-xl" />
    <div className="grid gap-4 md:grid-cols-2">
      <Skeleton className="h-72 w-full" />
      <Skeleton className="h-72 w-full" />
    </div>
  </div>
);

/**
 * `comparison`: the link's preset and pair of versions (?preset=<slug>&versions=1..2&prompt=...), read by the
 * server page. Such a comparison builds its columns from the stored versions (a chunk of its own, with the
 * preset diff); everything else is the setup in the URL.
 */
export function Playground({ comparison }: { comparison: { slug: string; pair: VersionPair } | null }) {
  if (comparison) {
    const { slug, pair } = comparison;
    return (
      <LazySlot key={`${slug}:${pair.from}..${pair.to}`} what="The comparison of the preset versions" fallback={COMPARISON_PLACEHOLDER}>
        <PresetComparisonPart {...comparison} />
      </LazySlot>
    );
  }
  return <PlainPlayground />;
}

function PlainPlayground() {
  const [params, setParams] = useQueryStates(playgroundUrlKeys, URL_OPTIONS);
  const models = useQuery(playgroundQueries.models());
  const modelList = models.data ?? NO_MODELS;
  const fallbackModel = modelList.find((model) => model.id === PREFERRED_DEFAULT_MODEL)?.id ?? modelList[0]?.id ?? "";
  const setup = useMemo(() => setupFromParams(params, fallbackModel), [params, fallbackModel]);
  const commit = useCallback(
    (next: PlaygroundSetup) => {
      // Once edited, the whole setup lives in `setup`; the short model/prompt form is dropped.
      void setParams({ setup: serializeSetup(next), model: null, prompt: null });
    },
    [setParams],
  );
  return <Workbench setup={setup} commit={commit} models={modelList} />;
}
