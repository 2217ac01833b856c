"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import type { VideoModel } from "@/lib/contract/gateway";

/** The chosen models (1–`max`), each removable, and a list to add one more from the catalog. */
export function ModelPicker({ catalog, chosen, max, disabled, onChange }: {
  catalog: VideoModel[];
  chosen: VideoModel[];
  max: number;
  disabled: boolean;
  onChange: (ids: string[]) => void;
}) {
  const addId = useId();
  const ids = chosen.map((model) => model.id);
  const addable = catalog.filter((model) => !ids.includes(model.id));
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-sm font-medium">
        Models <span className="font-normal text-slate-600 dark:text-slate-400">({chosen.length} of {max})</span>
      </legend>
      {chosen.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">Add at least one model.</p> : null}
      <ul className="flex flex-wrap gap-2" aria-label="Chosen models">
        {chosen.map((model) => (
          <li key={model.id} data-testid="chosen-model" data-model-id={model.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm dark:bg-slate-800">
            {model.name}
            <button
              type="button"
              disabled={disabled}
              onClick={() => onChange(ids.filter((id) => id !== model.id))}
              className="rounded-full px-1.5 text-slate-600 hover:bg-slate-200 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-700"
            >
              <span aria-hidden>✕</span>
              <span className="sr-only">Remove {model.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {chosen.length < max ? (
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const value = new FormData(event.currentTarget).get("model");
            if (typeof value === "string" && value) onChange([...ids, value]);
          }}
        >
          <label htmlFor={addId} className="sr-only">
            Model to add
          </label>
          <select id={addId} name="model" disabled={disabled} className="h-9 min-w-0 max-w-xs flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900">
            {addable.map((model) => (
              <option key={model.id} value={model.id}>
                {model.name}
              </option>
            ))}
          </select>
          <Button type="submit" size="md" className="shrink-0" disabled={disabled || addable.length === 0}>
            Add model
          </Button>
        </form>
      ) : null}
    </fieldset>
  );
}
