"use client";

import { clsx } from "clsx";
import { useState } from "react";
import { FormProvider, type UseFormReturn } from "react-hook-form";
import type { ChatRequestInput } from "@/lib/contract/gateway";
import { CodeMirrorJsonEditor } from "../json-code-editor";
import { ReadOnlyContext } from "./fields";
import type { UnparsedReporters } from "../studio/use-unparsed-json";
import { UnparsedJsonContext } from "./json-value-field";
import { RequestJsonPlaceholder } from "./request-json-placeholder";
import { EDITOR_SECTION_IDS, SECTION_TITLES } from "./section";
import { ModelSection, ReasoningSection, SamplingSection, SystemPromptSection } from "./sections/basic-sections";
import { LowerSectionsPlaceholder } from "./sections/lower-sections-placeholder";
import { StoredPreview } from "./stored-preview";
import { lazyComponent, lazyNamed } from "@/components/ui/lazy-component";
import { LazySlot } from "@/components/ui/lazy-slot";
import { PressedButtons } from "@/components/ui/pressed-buttons";

// Chunks of their own, so the sections above the fold show first: the sections below it, and the JSON view (its
// schema checks and CodeMirror). All are fetched as soon as this module runs in the browser, side by side
// rather than one after another.
const LowerSections = lazyComponent(() => import("./sections/lower-sections"));
const RequestJsonView = lazyNamed(() => import("./request-json-view"), "RequestJsonView");
if (typeof window !== "undefined") {
  void LowerSections.preload();
  void RequestJsonView.preload();
  void CodeMirrorJsonEditor.preload();
}

type View = "form" | "json" | "stored";
type Panel = Exclude<View, "form">;

/** The side panels, on wide screens beside the form. */
const PANELS: { value: Panel; label: string }[] = [
  { value: "json", label: "JSON" },
  { value: "stored", label: "What the gateway will store" },
];
/** On narrow screens one view at a time: the form, or a panel. */
const NARROW_VIEWS: { value: View; label: string }[] = [
  { value: "form", label: "Form" },
  { value: "json", label: "JSON" },
  { value: "stored", label: "Stored" },
];

const viewButtonClassName = (pressed: boolean) =>
  clsx("flex-1 rounded-md px-2 py-1.5 text-xs font-medium", pressed ? "bg-white shadow-sm dark:bg-slate-800" : "text-slate-600 dark:text-slate-300");

/**
 * The schema-driven form beside its JSON view and the stored-config preview. On wide screens the form
 * and one side panel show together; on narrow ones a switch shows one at a time. Whatever holds local
 * editor state stays mounted, so switching never loses it.
 */
export function PresetEditor({
  form,
  storedFields,
  readOnly,
  reportUnparsed,
}: {
  form: UseFormReturn<ChatRequestInput>;
  /** Config fields of the version being edited (kept as stored even when the editor does not know them). */
  storedFields: readonly string[];
  readOnly: boolean;
  reportUnparsed: UnparsedReporters;
}) {
  const [narrowView, setNarrowView] = useState<View>("form");
  const [panel, setPanel] = useState<Panel>("json");

  return (
    <FormProvider {...form}>
      <ReadOnlyContext.Provider value={readOnly}>
        <UnparsedJsonContext.Provider value={reportUnparsed.field}>
          <PressedButtons
            label="Editor view"
            options={NARROW_VIEWS}
            value={narrowView}
            onChange={(view) => {
              setNarrowView(view);
              if (view !== "form") setPanel(view);
            }}
            className="mb-4 flex gap-1 rounded-lg bg-slate-100 p-1 lg:hidden dark:bg-slate-900"
            buttonClassName={viewButtonClassName}
          />

          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,32rem)]">
            {/* A form landmark; each section is a form of its own (see EditorSection). */}
            <div role="form" aria-label="Preset settings" className={clsx(narrowView === "form" ? "block" : "hidden", "min-w-0 lg:block")}>
              <nav aria-label="Sections" className="mb-4 flex flex-wrap gap-x-3 gap-y-1 text-xs">
                {EDITOR_SECTION_IDS.map((id) => (
                  <a key={id} href={`#section-${id}`} className="text-brand-700 underline underline-offset-2 dark:text-brand-100">
                    {SECTION_TITLES[id]}
                  </a>
                ))}
              </nav>
              <fieldset disabled={readOnly} className="min-w-0 space-y-5">
                <legend className="sr-only">Preset settings{readOnly ? " (read-only)" : ""}</legend>
                <ModelSection />
                <SystemPromptSection />
                <SamplingSection />
                <ReasoningSection />
                <LazySlot what="The rest of the settings" fallback={<LowerSectionsPlaceholder />}>
                  <LowerSections />
                </LazySlot>
              </fieldset>
            </div>

            <aside aria-label="Request preview" className={clsx(narrowView === "form" ? "hidden" : "block", "min-w-0 lg:block")}>
              <div className="space-y-3 lg:sticky lg:top-20">
                <PressedButtons
                  label="Preview panel"
                  options={PANELS}
                  value={panel}
                  onChange={setPanel}
                  className="hidden gap-1 rounded-lg bg-slate-100 p-1 lg:flex dark:bg-slate-900"
                  buttonClassName={viewButtonClassName}
                />
                {/* The JSON view stays mounted (it may hold text that does not parse yet) but follows the form only while
                    shown; the stored preview holds nothing of its own and is only there while shown. */}
                <div className={panel === "json" ? "block" : "hidden"}>
                  <LazySlot what="The JSON view" fallback={<RequestJsonPlaceholder />}>
                    <RequestJsonView onPendingChange={reportUnparsed.jsonView} shown={panel === "json"} />
                  </LazySlot>
                </div>
                {panel === "stored" ? <StoredPreview storedFields={storedFields} /> : null}
              </div>
            </aside>
          </div>
        </UnparsedJsonContext.Provider>
      </ReadOnlyContext.Provider>
    </FormProvider>
  );
}
