"use client";

import type { ComponentProps } from "react";
import { lazyComponent } from "@/components/ui/lazy-component";
import { loadRunEngine } from "@/lib/client/run-store";
import type { CompareSummary } from "./compare-summary";
import { preloadMarkdownRenderer } from "./markdown/use-markdown-renderer";
import type { RunOutputProps } from "./run-output";
import { loadRequestValidator } from "./use-request-validator";

/*
 * The playground's parts that are not needed for its first paint (the request form), each a chunk of its
 * own: they bring the citation views, Radix popovers, dialogs and tabs, the snippet builders, the preset
 * diff and zod with the contract's schemas.
 */

/** A column's answer, sources and metrics: shown once the column has run. */
export const RunOutputPart = lazyComponent<RunOutputProps>(() => import("./run-output").then((module) => ({ default: module.RunOutput })));

/** The charts and citation overlap below the columns: shown once a column of a comparison has run. */
export const CompareSummaryPart = lazyComponent<ComponentProps<typeof CompareSummary>>(() => import("./compare-summary").then((module) => ({ default: module.CompareSummary })));

/** The "Copy as code" dialog's snippets: shown on the button's first press. */
export const CodeDialogPart = lazyComponent(() => import("./code-dialog-content"));

/**
 * On the way to a run (pointer on a Run button, focus in the request form, from where Ctrl+Enter runs): what
 * a run will need, fetched once. `compare` adds the summary below the columns.
 */
export function prefetchRun(compare = false): void {
  void loadRunEngine().catch(() => {});
  void loadRequestValidator();
  void RunOutputPart.preload();
  preloadMarkdownRenderer();
  if (compare) void CompareSummaryPart.preload();
}
