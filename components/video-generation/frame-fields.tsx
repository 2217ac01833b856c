"use client";

import { Suspense } from "react";
import { Button } from "@/components/ui/button";
import { lazyComponent, lazyNamed } from "@/components/ui/lazy-component";
import { useLazyPopup } from "@/components/ui/use-lazy-popup";
import type { VideoModel } from "@/lib/contract/gateway";
import { FRAME_TYPES, frameLabel, type ChosenFrame, type FrameType } from "@/lib/video-models/generation-frame-types";
import { supportsFrame } from "@/lib/video-models/model-facts";

/**
 * The picker (upload or workspace file) and the chosen image's preview are a chunk of their own, fetched when
 * the pointer nears the button: nothing is chosen before the picker was used, so the preview can wait for it too.
 */
const loadPicker = () => import("./frame-picker-dialog");
const FramePickerDialog = lazyComponent(loadPicker);
const ChosenFramePreview = lazyNamed(loadPicker, "ChosenFramePreview");

export type ChosenFrames = Partial<Record<FrameType, ChosenFrame>>;

function FrameField({ frame, chosen, models, disabled, onChange }: {
  frame: FrameType;
  chosen: ChosenFrame | undefined;
  models: VideoModel[];
  disabled: boolean;
  onChange: (frame: FrameType, chosen: ChosenFrame | undefined) => void;
}) {
  const { setOpen, triggerProps, render } = useLazyPopup(FramePickerDialog);
  const name = `${frameLabel(frame).toLowerCase()} image`;
  const others = models.filter((model) => !supportsFrame(model, frame)).map((model) => model.name);
  const hintId = `${frame}-hint`;
  return (
    <div className="min-w-0 space-y-1 text-sm" data-testid={`frame-${frame}`}>
      <p className="font-medium">{frameLabel(frame)} image</p>
      {chosen ? (
        <Suspense fallback={null}>
          <ChosenFramePreview frame={frame} chosen={chosen} disabled={disabled} onRemove={() => onChange(frame, undefined)} />
        </Suspense>
      ) : null}
      {render({
        frame,
        onChoose: (next) => {
          onChange(frame, next);
          setOpen(false);
        },
      })}
      <Button size="sm" disabled={disabled || others.length === models.length} aria-describedby={hintId} {...triggerProps}>
        {chosen ? `Change the ${name}…` : `Choose a ${name}…`}
      </Button>
      <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
        {others.length === models.length ? `No chosen model takes a ${name}.` : `Optional.${others.length > 0 ? ` Not taken by ${others.join(", ")}.` : ""}`}
      </p>
    </div>
  );
}

/**
 * The first and last frame images: offered when a chosen model takes one, each naming the chosen models
 * that do not (the estimate then shows it against them, as for any setting a model cannot take).
 */
export function FrameFields({ frames, models, disabled, onChange }: {
  frames: ChosenFrames;
  models: VideoModel[];
  disabled: boolean;
  onChange: (frame: FrameType, chosen: ChosenFrame | undefined) => void;
}) {
  if (models.length === 0) return null;
  return (
    <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
      <legend className="sr-only">Frame images</legend>
      {FRAME_TYPES.map((frame) => (
        <FrameField key={frame} frame={frame} chosen={frames[frame]} models={models} disabled={disabled} onChange={onChange} />
      ))}
    </fieldset>
  );
}
