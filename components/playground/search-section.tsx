"use client";

import { useId } from "react";
import { LIMITS, WEB_SEARCH_ENGINES, WEB_SEARCH_TOOL_ENGINES } from "@/lib/contract/gateway/request-constants";
import { firstIssueMessage, maxResultsCap, readModel, readSearch, searchLocation, writeSearch, type SearchMode, type SearchSettings } from "@/lib/playground/setup";
import { Badge } from "@/components/ui/badge";
import { ChipsInput } from "@/components/ui/chips-input";
import { Field } from "@/components/ui/field";
import { Select, SelectOptions } from "@/components/ui/input";
import { CountInput } from "./count-input";
import { SectionTitle, type SectionProps } from "./section-parts";
import { XSearchFilterFields } from "./x-search-filter-fields";

const MODES: { value: SearchMode; label: string; deprecated?: boolean }[] = [
  { value: "off", label: "Off" },
  { value: "tool", label: "Web search server tool" },
  { value: "plugin", label: "Web plugin", deprecated: true },
  { value: "online", label: ":online model suffix", deprecated: true },
];

export function SearchSection({ request, onChange, issues, disabled }: SectionProps) {
  const settings = readSearch(request);
  const { path, fields } = searchLocation(request);
  const name = useId();
  const issue = (field: keyof NonNullable<typeof fields>) => (path && fields ? firstIssueMessage(issues, `${path}.${fields[field]}`) : undefined);
  const set = (patch: Partial<SearchSettings>) => onChange(writeSearch(request, { ...settings, ...patch }));
  const engines = settings.mode === "tool" ? WEB_SEARCH_TOOL_ENGINES : WEB_SEARCH_ENGINES;
  const cap = maxResultsCap(settings.engine);
  const onlineWithoutModel = settings.mode === "online" && !readModel(request);

  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <SectionTitle>Web search</SectionTitle>
      <div role="radiogroup" aria-label="Web search" className="grid gap-1 sm:grid-cols-2">
        {MODES.map((mode) => (
          <label key={mode.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={mode.value}
              checked={settings.mode === mode.value}
              onChange={() =>
                set(
                  mode.value === "plugin" && settings.engine === "auto"
                    ? { mode: mode.value, engine: undefined }
                    : { mode: mode.value },
                )
              }
            />
            <span>{mode.label}</span>
            {mode.deprecated ? <Badge tone="amber">deprecated</Badge> : null}
          </label>
        ))}
      </div>
      {settings.mode === "online" ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {onlineWithoutModel ? "Pick a model first: :online is added to its id. " : ""}
          The :online suffix takes no options; the server tool replaces it.
        </p>
      ) : null}
      {settings.mode === "plugin" ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">The web plugin is deprecated in favour of the web search server tool.</p>
      ) : null}
      {settings.mode === "tool" || settings.mode === "plugin" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Engine" error={issue("engine")}>
            {(control) => (
              <Select {...control} value={settings.engine ?? ""} onChange={(event) => set({ engine: event.target.value || undefined })}>
                <option value="">{settings.mode === "tool" ? "Default (auto)" : "Automatic"}</option>
                <SelectOptions values={engines} />
              </Select>
            )}
          </Field>
          <Field label="Max results" hint={`1 to ${cap}${cap !== LIMITS.webMaxResults ? " with perplexity" : ""}; default 5.`} error={issue("maxResults")}>
            {(control) => (
              <CountInput {...control} max={cap} value={settings.maxResults} data-testid="max-results" onValueChange={(maxResults) => set({ maxResults })} />
            )}
          </Field>
          <Field label="Include domains" hint="Only these sites; wildcards like *.example.com allowed." error={issue("include")}>
            {(control) => (
              <ChipsInput {...control} itemLabel="domain" value={settings.includeDomains ?? []} disabled={disabled} onChange={(next) => set({ includeDomains: next })} />
            )}
          </Field>
          <Field label="Exclude domains" hint="Never these sites; wildcards allowed." error={issue("exclude")}>
            {(control) => (
              <ChipsInput {...control} itemLabel="domain" value={settings.excludeDomains ?? []} disabled={disabled} onChange={(next) => set({ excludeDomains: next })} />
            )}
          </Field>
        </div>
      ) : null}
      <XSearchFilterFields request={request} onChange={onChange} issues={issues} disabled={disabled} />
    </fieldset>
  );
}
