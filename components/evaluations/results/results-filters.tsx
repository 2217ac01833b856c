"use client";

import { clsx } from "clsx";
import type { EvaluationQuestionPage } from "@/lib/contract/bff/evaluation-results";
import { FILTER_LABELS, flagOf, RESULT_FILTERS, toggleFilter, type ResultsView } from "./url-state";

/** The table's filters: toggles (all must hold) with the number of questions carrying each, and a tag. */
export function ResultsFilters({ view, onChange, page }: { view: ResultsView; onChange: (view: ResultsView) => void; page: EvaluationQuestionPage | undefined }) {
  return (
    <div role="group" aria-label="Filters" className="flex flex-wrap items-center gap-2">
      {RESULT_FILTERS.map((filter) => {
        const on = view.filters.includes(filter);
        const count = page?.flag_counts[flagOf(filter)];
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={on}
            onClick={() => onChange({ ...toggleFilter(view, filter), question: view.question })}
            className={clsx(
              "rounded-full border px-3 py-1 text-xs font-medium",
              on
                ? "border-brand-600 bg-brand-600 text-white"
                : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
            )}
          >
            {FILTER_LABELS[filter]}
            {count !== undefined ? <span className="tabular-nums opacity-80"> ({count})</span> : null}
          </button>
        );
      })}
      <label className="flex items-center gap-1 text-xs text-slate-700 dark:text-slate-300">
        Tag
        <select
          value={view.tag ?? ""}
          onChange={(event) => onChange({ ...view, tag: event.target.value || null })}
          className="h-7 rounded-md border border-slate-300 bg-white px-1 text-xs dark:border-slate-700 dark:bg-slate-900"
        >
          <option value="">Any</option>
          {(page?.tags ?? []).map((t) => (
            <option key={t.tag} value={t.tag}>
              {t.tag} ({t.count})
            </option>
          ))}
          {view.tag && !page?.tags.some((t) => t.tag === view.tag) ? <option value={view.tag}>{view.tag}</option> : null}
        </select>
      </label>
    </div>
  );
}
