"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { lazyComponent } from "@/components/ui/lazy-component";
import { useLazyPopup } from "@/components/ui/use-lazy-popup";
import type { GenerationSettings } from "@/lib/contract/bff/video-generations";
import { useHasRole } from "@/lib/client/current-user";
import { videoModelQueries } from "@/lib/client/queries/video-models";
import type { VideoModel } from "@/lib/contract/gateway";
import { planForModel, type SharedVideoSettings } from "@/lib/video-models/generation-settings";
import { generationOptions, MAX_MODELS } from "@/lib/video-models/generation-options";
import type { GenerationDraft } from "@/lib/video-models/generation-frame-types";
import { CostSummary, type PlannedModel } from "./cost-summary";
import { FrameFields, type ChosenFrames } from "./frame-fields";
import { ModelPicker } from "./model-picker";
import { SettingsFields } from "./settings-fields";
import { submitErrorMessage, useSubmitGeneration } from "./use-submit-generation";

const ConfirmDialog = lazyComponent(() => import("./confirm-dialog"));
const EMPTY: VideoModel[] = [];
const PROMPT_MAX = 4000;

/** The generation form: prompt, 1–4 models, shared settings, the estimate, and a confirmation before anything is spent. */
export function GenerateForm({ initialModels, draft = null }: { initialModels: string[]; /** "Run again": an earlier generation's values. */ draft?: GenerationDraft | null }) {
  const router = useRouter();
  const canGenerate = useHasRole("editor");
  const catalog = useQuery(videoModelQueries.list()).data?.data ?? EMPTY;
  const [prompt, setPrompt] = useState(draft?.prompt ?? "");
  const [modelIds, setModelIds] = useState(initialModels);
  const [settings, setSettings] = useState<SharedVideoSettings>(draft?.settings ?? {});
  const [frames, setFrames] = useState<ChosenFrames>(draft?.frames ?? {});
  const { open, setOpen, triggerProps, render: renderConfirm } = useLazyPopup(ConfirmDialog);
  const { submit, submitting, error, reset } = useSubmitGeneration((id) => router.push(`/video-models/generate/${id}`));

  const chosen = useMemo(() => {
    const byId = new Map(catalog.map((model) => [model.id, model]));
    return modelIds.flatMap((id) => byId.get(id) ?? []);
  }, [catalog, modelIds]);
  const options = useMemo(() => generationOptions(chosen), [chosen]);
  const shared: SharedVideoSettings = useMemo(
    () => ({
      ...settings,
      ...(frames.first_frame ? { first_frame: frames.first_frame.url } : {}),
      ...(frames.last_frame ? { last_frame: frames.last_frame.url } : {}),
    }),
    [settings, frames],
  );
  const planned: PlannedModel[] = useMemo(() => chosen.map((model) => ({ model, plan: planForModel(model, shared) })), [chosen, shared]);
  const blocked = planned.some(({ plan }) => plan.unsupported.length > 0);
  const ready = canGenerate && prompt.trim().length > 0 && chosen.length > 0 && !blocked;
  const disabled = !canGenerate || submitting;

  const changeModels = (ids: string[]) => {
    setModelIds(ids);
    reset();
    const url = new URL(window.location.href);
    if (ids.length > 0) url.searchParams.set("models", ids.join(","));
    else url.searchParams.delete("models");
    window.history.replaceState(null, "", url);
  };

  return (
    <div className="space-y-6" data-testid="generate-form">
      {canGenerate ? null : (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          Generating videos needs the editor role. You can look at the settings and estimates, and at the history.
        </p>
      )}
      <div className="space-y-1">
        <label htmlFor="generation-prompt" className="block text-sm font-medium">
          Prompt
        </label>
        <textarea
          id="generation-prompt"
          rows={3}
          maxLength={PROMPT_MAX}
          value={prompt}
          readOnly={!canGenerate}
          onChange={(event) => {
            setPrompt(event.target.value);
            reset();
          }}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
          placeholder="A lighthouse at dusk, waves rolling in"
        />
      </div>
      <ModelPicker catalog={catalog} chosen={chosen} max={MAX_MODELS} disabled={disabled} onChange={changeModels} />
      <SettingsFields
        settings={settings}
        options={options}
        disabled={disabled}
        onChange={(patch) => {
          setSettings((current) => ({ ...current, ...patch }));
          reset();
        }}
      />
      <FrameFields
        frames={frames}
        models={chosen}
        disabled={disabled}
        onChange={(frame, next) => {
          setFrames((current) => ({ ...current, [frame]: next }));
          reset();
        }}
      />
      {planned.length > 0 ? <CostSummary planned={planned} /> : null}
      {blocked ? <Alert live={false}>A model above cannot take a setting you chose: change the setting or remove the model.</Alert> : null}
      {error && !open ? <Alert data-testid="submit-error">{submitErrorMessage(error)}</Alert> : null}
      <div className="flex justify-end">
        <Button variant="primary" size="lg" disabled={!ready} {...triggerProps}>
          Review and generate
        </Button>
      </div>
      {renderConfirm({
        planned,
        prompt,
        submitting,
        onConfirm: () =>
          submit(
            // The controls offer only values from the catalog's lists; the BFF checks them again.
            { prompt: prompt.trim(), models: chosen.map((model) => model.id), settings: shared as GenerationSettings },
            { onError: () => setOpen(false) },
          ),
      })}
    </div>
  );
}
