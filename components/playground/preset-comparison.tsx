"use client";

import { useQuery } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { playgroundQueries } from "@/lib/client/queries/playground";
import { presetQueries } from "@/lib/client/queries/presets";
import type { Model } from "@/lib/contract/gateway";
import { COMPARE_DEFAULT_QUESTION, compareEditToParams, presetCompareSetup, sharedQuestion, type VersionPair } from "@/lib/playground/preset-compare";
import { parseSetup, serializeSetup, type PlaygroundSetup } from "@/lib/playground/setup";
import { PresetComparePanel } from "./preset-compare-panel";
import { playgroundUrlKeys, URL_OPTIONS } from "./url-state";
import { Workbench } from "./workbench";

const NO_MODELS: Model[] = [];

/**
 * The playground comparing two versions of a preset: the diff of their configs, and a column for each built
 * from the stored version. A chunk of its own (the preset diff and the preset-to-request expansion, which
 * checks with the contract's schema), loaded only for such a link.
 */
export default function PresetComparison({ slug, pair }: { slug: string; pair: VersionPair }) {
  const [params, setParams] = useQueryStates(playgroundUrlKeys, URL_OPTIONS);
  const models = useQuery(playgroundQueries.models());
  const from = useQuery(presetQueries.version(slug, pair.from));
  const to = useQuery(presetQueries.version(slug, pair.to));
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
