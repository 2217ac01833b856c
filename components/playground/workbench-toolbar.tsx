"use client";

import { Button } from "@/components/ui/button";
import { useCopyToClipboard } from "@/components/ui/use-copy-to-clipboard";

/** Node's default header limit is 16 KiB; a longer link may be refused by a server on the way. */
const LONG_URL = 8000;

/** Run, Stop, Add column / Compare and Copy link, with a warning when the setup's link gets long. */
export function WorkbenchToolbar({
  compare,
  hydrated,
  canRun,
  canRunAny,
  onRunAll,
  onPrefetchRun,
  anyRunning,
  onStopAll,
  canAddColumn,
  onAddColumn,
  urlLength,
}: {
  /** More than one column. */
  compare: boolean;
  hydrated: boolean;
  canRun: boolean;
  /** Some column holds a valid request. */
  canRunAny: boolean;
  onRunAll: () => void;
  /** The pointer is on its way to Run (the workbench handles focus). */
  onPrefetchRun: () => void;
  anyRunning: boolean;
  onStopAll: () => void;
  canAddColumn: boolean;
  onAddColumn: () => void;
  urlLength: number;
}) {
  const { state: linkCopy, copy: copyLink } = useCopyToClipboard();
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Playground" data-hydrated={hydrated ? "true" : undefined}>
      <Button variant="primary" onClick={onRunAll} onPointerEnter={onPrefetchRun} disabled={!canRun || !canRunAny} aria-keyshortcuts="Control+Enter">
        {compare ? "Run all" : "Run"} <kbd className="ml-1 rounded border border-white/40 px-1 text-[10px] font-normal">Ctrl+Enter</kbd>
      </Button>
      <Button variant="danger" onClick={onStopAll} disabled={!anyRunning}>
        {compare ? "Stop all" : "Stop"}
      </Button>
      <Button onClick={onAddColumn} disabled={!canRun || !canAddColumn}>
        {compare ? "Add column" : "Compare"}
      </Button>
      <Button
        variant="ghost"
        onClick={() => void copyLink(window.location.href)}
      >
        {linkCopy === "copied" ? "Link copied" : "Copy link to this setup"}
      </Button>
      {urlLength > LONG_URL ? <span className="text-xs text-amber-800 dark:text-amber-300">This setup makes a long link; some servers refuse links over 8 KB.</span> : null}
    </div>
  );
}
