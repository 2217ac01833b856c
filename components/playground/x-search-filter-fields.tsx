"use client";

import { X_HANDLES_MAX } from "@/lib/contract/gateway/request-constants";
import { readXSearchFilter, stringList, writeXSearchFilter, type XSearchFilter } from "@/lib/playground/field-values";
import { firstIssueMessage, readModel, takesXSearchFilter } from "@/lib/playground/setup";
import { ChipsInput } from "@/components/ui/chips-input";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { SectionProps } from "./section-parts";

const HANDLE_LISTS = [
  { field: "allowed_x_handles", label: "Allowed X handles" },
  { field: "excluded_x_handles", label: "Excluded X handles" },
] as const satisfies readonly { field: keyof XSearchFilter; label: string }[];

const DATES = [
  { field: "from_date", label: "From date" },
  { field: "to_date", label: "To date" },
] as const satisfies readonly { field: keyof XSearchFilter; label: string }[];

/** The X search filter's fields, shown for models that take it (or while the request has one). */
export function XSearchFilterFields({ request, onChange, issues, disabled }: SectionProps) {
  const model = readModel(request);
  const filter = readXSearchFilter(request);
  if (!takesXSearchFilter(model) && Object.keys(filter).length === 0) return null;
  const set = (patch: Partial<Record<keyof XSearchFilter, unknown>>) => onChange(writeXSearchFilter(request, patch));
  const issue = (field: string) => firstIssueMessage(issues, `x_search_filter.${field}`);
  return (
    <div className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-800" data-testid="x-search-filter">
      <p className="text-xs text-slate-600 dark:text-slate-400">
        <span className="font-semibold text-slate-800 dark:text-slate-200">X search filter</span> (xAI models only). Allowed and excluded handles are mutually exclusive.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {HANDLE_LISTS.map(({ field, label }) => (
          <Field key={field} label={label} hint={`At most ${X_HANDLES_MAX}.`} error={issue(field)}>
            {(control) => (
              <ChipsInput
                {...control}
                itemLabel="handle"
                max={X_HANDLES_MAX}
                value={stringList(filter[field])}
                disabled={disabled}
                onChange={(next) => set({ [field]: next.length > 0 ? next : undefined })}
              />
            )}
          </Field>
        ))}
        {DATES.map(({ field, label }) => (
          <Field key={field} label={label} error={issue(field)}>
            {(control) => {
              const value = filter[field];
              return <Input {...control} type="date" value={typeof value === "string" ? value : ""} onChange={(event) => set({ [field]: event.target.value || undefined })} />;
            }}
          </Field>
        ))}
      </div>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={filter.enable_image_understanding === true} onChange={(event) => set({ enable_image_understanding: event.target.checked })} />
          Image understanding
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={filter.enable_video_understanding === true} onChange={(event) => set({ enable_video_understanding: event.target.checked })} />
          Video understanding
        </label>
      </div>
    </div>
  );
}
