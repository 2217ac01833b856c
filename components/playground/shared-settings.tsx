"use client";

import type { FieldIssue } from "@/lib/contract/gateway";
import { SYNC_SECTIONS, type PlaygroundSetup, type RequestDraft, type SyncSection } from "@/lib/playground/setup";
import { ConversationSection, OutputSection, SearchSection } from "./request-editor";

const SYNC_LABELS: Record<SyncSection, string> = { conversation: "Conversation", search: "Web search", output: "Max output tokens" };

/** Which sections all columns share. */
export function SyncToggles({ sync, disabled, onToggle }: { sync: PlaygroundSetup["sync"]; disabled: boolean; onToggle: (section: SyncSection, on: boolean) => void }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" disabled={disabled}>
      <legend className="sr-only">Keep in sync across columns</legend>
      <span className="font-medium text-slate-700 dark:text-slate-300" aria-hidden>
        Keep in sync:
      </span>
      {SYNC_SECTIONS.map((section) => (
        <label key={section} className="flex items-center gap-1.5">
          <input type="checkbox" checked={sync[section]} onChange={(event) => onToggle(section, event.target.checked)} />
          {SYNC_LABELS[section]}
        </label>
      ))}
    </fieldset>
  );
}

/** The shared sections, edited once (on the first column's request) for all columns. */
export function SharedSettings({
  sync,
  request,
  onChange,
  issues,
  disabled,
}: {
  sync: PlaygroundSetup["sync"];
  request: RequestDraft;
  onChange: (request: RequestDraft) => void;
  issues: readonly FieldIssue[];
  disabled: boolean;
}) {
  return (
    <section aria-labelledby="shared-settings-title" className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="shared-settings-title" className="text-sm font-semibold">
        Shared by all columns
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        {sync.conversation ? <ConversationSection request={request} onChange={onChange} issues={issues} disabled={disabled} /> : null}
        <div className="space-y-4">
          {sync.search ? <SearchSection request={request} onChange={onChange} issues={issues} disabled={disabled} /> : null}
          {sync.output ? <OutputSection request={request} onChange={onChange} issues={issues} disabled={disabled} /> : null}
        </div>
      </div>
    </section>
  );
}
