"use client";

import { PressedButtons } from "@/components/ui/pressed-buttons";

export type AnswerView = "markdown" | "source";

const OPTIONS: { value: AnswerView; label: string }[] = [
  { value: "markdown", label: "Rendered" },
  { value: "source", label: "Markdown source" },
];

/** Switches an answer between its rendered Markdown and the source the API returned. */
export function AnswerViewToggle({ view, onChange }: { view: AnswerView; onChange: (view: AnswerView) => void }) {
  return (
    <PressedButtons
      label="Answer view"
      options={OPTIONS}
      value={view}
      onChange={onChange}
      className="inline-flex rounded-md border border-slate-200 p-0.5 dark:border-slate-700"
      buttonClassName="rounded px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-100 aria-pressed:bg-slate-800 aria-pressed:text-white dark:text-slate-300 dark:hover:bg-slate-800 dark:aria-pressed:bg-slate-200 dark:aria-pressed:text-slate-900"
    />
  );
}
