"use client";

import { useId } from "react";
import type { SharedVideoSettings } from "@/lib/video-models/generation-settings";
import type { GenerationOptions } from "@/lib/video-models/generation-options";

const CONTROL = "h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900";

function SelectField({ label, value, values, format, disabled, onChange }: {
  label: string;
  value: string;
  values: (string | number)[];
  format?: (value: string | number) => string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1 text-sm font-medium">
      <label htmlFor={id} className="block">
        {label}
      </label>
      <select id={id} className={CONTROL} value={value} disabled={disabled || values.length === 0} onChange={(event) => onChange(event.target.value)}>
        <option value="">Each model’s default</option>
        {values.map((option) => (
          <option key={option} value={String(option)}>
            {format ? format(option) : option}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The shared settings: each control offers only values at least one chosen model takes. */
export function SettingsFields({ settings, options, disabled, onChange }: {
  settings: SharedVideoSettings;
  options: GenerationOptions;
  disabled: boolean;
  onChange: (patch: Partial<SharedVideoSettings>) => void;
}) {
  const audioValue = settings.audio === undefined ? "" : settings.audio ? "on" : "off";
  const id = useId();
  return (
    <fieldset className="grid min-w-0 gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <legend className="sr-only">Shared settings</legend>
      <SelectField
        label="Duration"
        value={settings.duration === undefined ? "" : String(settings.duration)}
        values={options.durations}
        format={(value) => `${value} s`}
        disabled={disabled}
        onChange={(value) => onChange({ duration: value === "" ? undefined : Number(value) })}
      />
      <SelectField label="Resolution" value={settings.resolution ?? ""} values={options.resolutions} disabled={disabled} onChange={(value) => onChange({ resolution: value || undefined })} />
      <SelectField label="Aspect ratio" value={settings.aspect_ratio ?? ""} values={options.aspectRatios} disabled={disabled} onChange={(value) => onChange({ aspect_ratio: value || undefined })} />
      <div className="space-y-1 text-sm font-medium">
        <label htmlFor={`${id}-audio`} className="block">
          Audio
        </label>
        <select id={`${id}-audio`} className={CONTROL} value={audioValue} disabled={disabled} onChange={(event) => onChange({ audio: event.target.value === "" ? undefined : event.target.value === "on" })}>
          <option value="">Each model’s default</option>
          {options.audio ? <option value="on">With audio</option> : null}
          <option value="off">Without audio</option>
        </select>
      </div>
      <div className="space-y-1 text-sm font-medium">
        <label htmlFor={`${id}-seed`} className="block">
          Seed
        </label>
        <input
          id={`${id}-seed`}
          type="number"
          inputMode="numeric"
          min={0}
          max={2 ** 32 - 1}
          step={1}
          placeholder={options.seed ? "Random" : "No model takes a seed"}
          className={CONTROL}
          disabled={disabled || !options.seed}
          value={settings.seed ?? ""}
          onChange={(event) => {
            const seed = Number.parseInt(event.target.value, 10);
            onChange({ seed: Number.isFinite(seed) && seed >= 0 ? seed : undefined });
          }}
        />
      </div>
    </fieldset>
  );
}
