"use client";

import { useQuery } from "@tanstack/react-query";
import { parseAsString, useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";
import { parseAsComparePair } from "@/lib/presets/search-params";
import { Skeleton } from "@/components/ui/skeleton";
import { playgroundQueries } from "@/lib/client/queries/playground";
import { presetQueries } from "@/lib/client/queries/presets";
import type { Model } from "@/lib/gateway";
import { COMPARE_DEFAULT_QUESTION, compareEditToParams, presetCompareSetup, sharedQuestion, type VersionPair } from "@/lib/playground/preset-compare";
import { parseSetup, serializeSetup, setupFromParams, type PlaygroundSetup } from "@/lib/playground/setup";
import { PresetComparePanel } from "./preset-compare-panel";
import { Workbench } from "./workbench";

const PREFERRED_DEFAULT_MODEL = "gatehouse/swift";
const NO_MODELS: Model[] = [];

const urlKeys = { setup: parseAsString, model: parseAsString, prompt: parseAsString, preset: parseAsString, versions: parseAsComparePair };

export function Playground() {
  const [params] = useQueryStates(urlKeys, { history: "replace" });
  // A comparison of two preset versions (?preset=<slug>&versions=1..2&prompt=...) builds its columns
  // from the stored versions; everything else is the setup in the URL.
  if (params.preset && params.versions) return <PresetComparison key={`${params.preset}:${params.versions.from}..${params.versions.to}`} slug={params.preset} pair={params.versions} />;
  return <PlainPlayground />;
}

function PlainPlayground() {
  const [params, setParams] = useQueryStates(urlKeys, { history: "replace" });
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

function versionQuery(slug: string, version: number) {
  // A missing version is an answer (the link is stale), not something to retry.
  return { ...presetQueries.version(slug, version), retry: (count: number, error: Error) => (error as { status?: number }).status !== 404 && count < 2 };
}

function PresetComparison({ slug, pair }: { slug: string; pair: VersionPair }) {
  const [params, setParams] = useQueryStates(urlKeys, { history: "replace" });
  const models = useQuery(playgroundQueries.models());
  const from = useQuery(versionQuery(slug, pair.from));
  const to = useQuery(versionQuery(slug, pair.to));
  const question = params.prompt ?? COMPARE_DEFAULT_QUESTION;
  const edited = useMemo(() => parseSetup(params.setup), [params.setup]);
  const derived = useMemo(() => (from.data && to.data ? presetCompareSetup(from.data, to.data, question) : null), [from.data, to.data, question]);
  const setup = edited ?? derived;

  const commit = useCallback(
    (next: PlaygroundSetup) => {
      if (!from.data || !to.data) {
        void setParams({ setup: serializeSetup(next) });
        return;
      }
      const kept = compareEditToParams(next, from.data, to.data);
      void setParams("prompt" in kept ? { prompt: kept.prompt, setup: null } : { setup: kept.setup });
    },
    [from.data, to.data, setParams],
  );
  const rebuild = useCallback(() => {
    void setParams({ setup: null, prompt: (edited && sharedQuestion(edited)) ?? question });
  }, [edited, question, setParams]);

  const failed = from.isError || to.isError;
  return (
    <div className="space-y-4">
      <PresetComparePanel slug={slug} pair={pair} from={from} to={to} edited={edited !== null} onRebuild={rebuild} />
      {setup ? (
        <Workbench setup={setup} commit={commit} models={models.data ?? NO_MODELS} />
      ) : failed ? null : (
        <div aria-hidden className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-72 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      )}
    </div>
  );
}
