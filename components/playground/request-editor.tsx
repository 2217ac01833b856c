"use client";

import { useId } from "react";
import { LIMITS, WEB_SEARCH_ENGINES, WEB_SEARCH_TOOL_ENGINES, X_HANDLES_MAX, type FieldIssue, type Model } from "@/lib/gateway";
import {
  firstIssueMessage,
  maxResultsCap,
  readConversation,
  readModel,
  readSearch,
  searchLocation,
  takesXSearchFilter,
  TURN_ROLES,
  writeConversation,
  writeModel,
  writeSearch,
  type RequestDraft,
  type SearchMode,
  type SearchSettings,
  type Turn,
  type TurnRole,
} from "@/lib/playground/setup";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ChipsInput } from "@/components/ui/chips-input";
import { Field } from "@/components/ui/field";
import { Input, Select, Textarea } from "@/components/ui/input";

export interface SectionProps {
  request: RequestDraft;
  onChange: (request: RequestDraft) => void;
  issues: readonly FieldIssue[];
  disabled?: boolean;
}

function numberOrUndefined(text: string): number | undefined {
  if (text.trim() === "") return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function SectionTitle({ children, aside }: { children: React.ReactNode; aside?: React.ReactNode }) {
  return (
    <legend className="mb-2 flex w-full items-center justify-between gap-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
      <span>{children}</span>
      {aside}
    </legend>
  );
}

// ---------------------------------------------------------------------------------------------

export function ModelField({
  request,
  onChange,
  issues,
  disabled,
  models,
  presets,
}: SectionProps & { models: readonly Model[]; presets: readonly { slug: string; name: string }[] }) {
  const listId = useId();
  return (
    <Field
      label="Model or preset"
      hint={<>A model id, or a preset as @preset/&lt;slug&gt;.</>}
      error={firstIssueMessage(issues, "model") ?? firstIssueMessage(issues, "preset")}
    >
      {(control) => (
        <>
          <Input
            {...control}
            list={listId}
            value={readModel(request)}
            disabled={disabled}
            placeholder="gatehouse/swift or @preset/support"
            autoComplete="off"
            spellCheck={false}
            data-testid="model-input"
            onChange={(event) => onChange(writeModel(request, event.target.value.trim()))}
          />
          <datalist id={listId}>
            {models.map((model) => (
              <option key={model.id} value={model.id}>
                {model.name}
              </option>
            ))}
            {presets.map((preset) => (
              <option key={preset.slug} value={`@preset/${preset.slug}`}>
                {`Preset: ${preset.name}`}
              </option>
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}

// ---------------------------------------------------------------------------------------------

export function ConversationSection({ request, onChange, issues, disabled }: SectionProps) {
  const turns = readConversation(request);
  const update = (next: Turn[]) => onChange(writeConversation(request, next));
  const inputIssue = issues.find((issue) => issue.path === "input");
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <SectionTitle>Conversation</SectionTitle>
      {turns.map((turn, index) => (
        <div key={index} className="space-y-1 rounded-md border border-slate-200 p-2 dark:border-slate-800">
          <div className="flex items-center gap-2">
            <Select
              aria-label={`Role of turn ${index + 1}`}
              className="!w-36 py-1 text-xs"
              value={turn.role}
              onChange={(event) => update(turns.map((t, i) => (i === index ? { ...t, role: event.target.value as TurnRole } : t)))}
            >
              {TURN_ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </Select>
            {turn.annotations && turn.annotations.length > 0 ? <Badge>{turn.annotations.length} citations kept</Badge> : null}
            <Button
              size="sm"
              variant="ghost"
              className="ml-auto"
              aria-label={`Remove turn ${index + 1}`}
              disabled={disabled || turns.length === 1}
              onClick={() => update(turns.filter((_, i) => i !== index))}
            >
              Remove
            </Button>
          </div>
          <Textarea
            aria-label={`Text of turn ${index + 1} (${turn.role})`}
            aria-invalid={Boolean(firstIssueMessage(issues, `input[${index}]`))}
            rows={turn.role === "assistant" ? 4 : 3}
            value={turn.text}
            data-testid={`turn-${index}`}
            onChange={(event) =>
              // Editing an answer's text invalidates its citation offsets: drop them.
              update(turns.map((t, i) => (i === index ? { role: t.role, text: event.target.value } : t)))
            }
          />
          {firstIssueMessage(issues, `input[${index}]`) ? (
            <p role="alert" className="text-xs font-medium text-red-700 dark:text-red-400">
              {firstIssueMessage(issues, `input[${index}]`)}
            </p>
          ) : null}
        </div>
      ))}
      {inputIssue ? (
        <p role="alert" className="text-xs font-medium text-red-700 dark:text-red-400">
          {inputIssue.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => update([...turns, { role: turns.at(-1)?.role === "user" ? "assistant" : "user", text: "" }])}>
          Add turn
        </Button>
      </div>
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------

export function OutputSection({ request, onChange, issues, disabled }: SectionProps) {
  return (
    <Field label="Max output tokens" hint="Leave empty for the model's default." error={firstIssueMessage(issues, "max_output_tokens")}>
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode="numeric"
          min={1}
          disabled={disabled}
          value={typeof request.max_output_tokens === "number" ? request.max_output_tokens : ""}
          onChange={(event) => {
            const value = numberOrUndefined(event.target.value);
            const next = { ...request };
            if (value === undefined) delete next.max_output_tokens;
            else next.max_output_tokens = value;
            onChange(next);
          }}
        />
      )}
    </Field>
  );
}

// ---------------------------------------------------------------------------------------------

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
                {engines.map((engine) => (
                  <option key={engine} value={engine}>
                    {engine}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Max results" hint={`1 to ${cap}${cap !== LIMITS.webMaxResults ? " with perplexity" : ""}; default 5.`} error={issue("maxResults")}>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={cap}
                value={settings.maxResults ?? ""}
                data-testid="max-results"
                onChange={(event) => set({ maxResults: numberOrUndefined(event.target.value) })}
              />
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

// ---------------------------------------------------------------------------------------------

type XFilter = NonNullable<RequestDraft["x_search_filter"]>;

function XSearchFilterFields({ request, onChange, issues, disabled }: SectionProps) {
  const model = readModel(request);
  const filter: XFilter = request.x_search_filter && typeof request.x_search_filter === "object" ? request.x_search_filter : {};
  if (!takesXSearchFilter(model) && Object.keys(filter).length === 0) return null;
  const set = (patch: Partial<Record<keyof XFilter, unknown>>) => {
    const next: Record<string, unknown> = { ...filter, ...patch };
    for (const [key, value] of Object.entries(next)) if (value === undefined || value === "" || value === false) delete next[key];
    const request2 = { ...request };
    if (Object.keys(next).length === 0) delete request2.x_search_filter;
    else request2.x_search_filter = next as XFilter;
    onChange(request2);
  };
  const issue = (field: string) => firstIssueMessage(issues, `x_search_filter.${field}`);
  const handles = (value: unknown) => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : []);
  return (
    <div className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-800" data-testid="x-search-filter">
      <p className="text-xs text-slate-600 dark:text-slate-400">
        <span className="font-semibold text-slate-800 dark:text-slate-200">X search filter</span> (xAI models only). Allowed and excluded handles are mutually exclusive.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Allowed X handles" hint={`At most ${X_HANDLES_MAX}.`} error={issue("allowed_x_handles")}>
          {(control) => (
            <ChipsInput
              {...control}
              itemLabel="handle"
              max={X_HANDLES_MAX}
              value={handles(filter.allowed_x_handles)}
              disabled={disabled}
              onChange={(next) => set({ allowed_x_handles: next.length > 0 ? next : undefined })}
            />
          )}
        </Field>
        <Field label="Excluded X handles" hint={`At most ${X_HANDLES_MAX}.`} error={issue("excluded_x_handles")}>
          {(control) => (
            <ChipsInput
              {...control}
              itemLabel="handle"
              max={X_HANDLES_MAX}
              value={handles(filter.excluded_x_handles)}
              disabled={disabled}
              onChange={(next) => set({ excluded_x_handles: next.length > 0 ? next : undefined })}
            />
          )}
        </Field>
        <Field label="From date" error={issue("from_date")}>
          {(control) => <Input {...control} type="date" value={typeof filter.from_date === "string" ? filter.from_date : ""} onChange={(event) => set({ from_date: event.target.value || undefined })} />}
        </Field>
        <Field label="To date" error={issue("to_date")}>
          {(control) => <Input {...control} type="date" value={typeof filter.to_date === "string" ? filter.to_date : ""} onChange={(event) => set({ to_date: event.target.value || undefined })} />}
        </Field>
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
