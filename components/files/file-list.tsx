"use client";

import { defaultRangeExtractor, useVirtualizer, type Range } from "@tanstack/react-virtual";
import { useCallback, useEffect, useId, useRef } from "react";
import type { GatewayFile } from "@/lib/contract/gateway";
import { activeIndex, clickRow, type SelectionState } from "@/lib/files/selection";
import { FileListHeader } from "./file-list-header";
import { FileRow, rowDomId } from "./file-row";
import { handleListKey } from "./list-keyboard";
import { useMediaQuery } from "@/lib/client/hooks/use-media-query";
import { useNow } from "@/lib/client/hooks/use-now";

const ROW_HEIGHT = 44;
/**
 * The virtualizer lays out every index again whenever its count changes: O(n) work and a few MB of fresh arrays
 * per page at 200,000 rows, which is where long tasks came from deep in a big workspace. Its count therefore
 * grows in steps of this many rows instead of on every page; indexes past the loaded rows render nothing, and
 * the listbox is exactly as tall as the loaded rows, so the user can never scroll into the spare capacity.
 */
const CAPACITY_STEP = 20_000;

function virtualCapacity(rowCount: number): number {
  return Math.ceil(rowCount / CAPACITY_STEP) * CAPACITY_STEP;
}
const COMPACT_ROW_HEIGHT = 60;
const OVERSCAN = 8;

export interface FileListProps {
  rows: readonly GatewayFile[];
  /** Total number of rows once the list is complete; -1 while more may load. */
  setSize: number;
  selection: SelectionState;
  onSelectionChange: (next: SelectionState) => void;
  onOpen: (file: GatewayFile) => void;
  /** Called after every render with the last rendered index, so the parent can fetch ahead. */
  onRangeChange: (lastIndex: number, visibleRows: number) => void;
  initialOffset: number;
  onScrollOffset: (offset: number) => void;
  /** Rendered under the last row, inside the scroll area: "Loading more", "All N files loaded", errors. */
  footer: React.ReactNode;
  label: string;
  /** When this changes (a new filter), the list scrolls back to the top. */
  resetScrollKey?: string;
  /** The listbox element, so dialogs can hand focus back to it when they close. */
  listboxRef?: React.Ref<HTMLDivElement>;
}

/**
 * The virtualized file list: a listbox (multi-select, aria-activedescendant) whose rows are absolutely placed
 * inside one tall element, so the DOM holds a few dozen rows whatever the length of the list.
 */
export function FileList({
  rows,
  setSize,
  selection,
  onSelectionChange,
  onOpen,
  onRangeChange,
  initialOffset,
  onScrollOffset,
  footer,
  label,
  resetScrollKey = "",
  listboxRef,
}: FileListProps) {
  const listId = useId().replace(/:/g, "");
  const scrollRef = useRef<HTMLDivElement>(null);
  const wide = useMediaQuery("(min-width: 640px)");
  const rowHeight = wide ? ROW_HEIGHT : COMPACT_ROW_HEIGHT;
  const now = useNow(60_000);
  const active = activeIndex(selection, rows);

  // The active row stays mounted even when scrolled out of the window, so aria-activedescendant always points
  // at an element that exists.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (active >= 0 && active < rows.length && !indexes.includes(active)) {
        indexes.push(active);
        indexes.sort((a, b) => a - b);
      }
      return indexes;
    },
    [active, rows.length],
  );

  const estimateSize = useCallback(() => rowHeight, [rowHeight]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design; rows re-render from its state, not memoized values
  const virtualizer = useVirtualizer({
    count: virtualCapacity(rows.length),
    getScrollElement: () => scrollRef.current,
    estimateSize,
    // No getItemKey: the default (the index) is one stable function, so the virtualizer lays out its
    // 200,000 positions again only when the row count changes, not on every render.
    overscan: OVERSCAN,
    initialOffset,
    rangeExtractor,
  });

  useEffect(() => {
    virtualizer.measure();
  }, [rowHeight, virtualizer]);

  const shownFor = useRef(resetScrollKey);
  useEffect(() => {
    if (shownFor.current === resetScrollKey) return;
    shownFor.current = resetScrollKey;
    virtualizer.scrollToOffset(0);
  }, [resetScrollKey, virtualizer]);

  const items = virtualizer.getVirtualItems().filter((item) => item.index < rows.length);
  const lastIndex = items.length > 0 ? items[items.length - 1].index : -1;
  const viewportHeight = virtualizer.scrollRect?.height ?? 600;
  const visibleRows = Math.max(1, Math.ceil(viewportHeight / rowHeight));

  useEffect(() => {
    onRangeChange(lastIndex, visibleRows);
  }, [lastIndex, visibleRows, rows.length, onRangeChange]);

  const scrollToRow = (index: number) => virtualizer.scrollToIndex(index, { align: "auto" });

  const onPointerSelect = useCallback(
    (index: number, event: React.MouseEvent) => {
      onSelectionChange(clickRow(selection, rows, index, { range: event.shiftKey, toggle: event.ctrlKey || event.metaKey }));
    },
    [onSelectionChange, selection, rows],
  );

  const openAt = useCallback(
    (index: number) => {
      const file = rows[index];
      if (file) onOpen(file);
    },
    [onOpen, rows],
  );

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) =>
    handleListKey(event, { rows, selection, active, visibleRows, onSelectionChange, onOpen, scrollToRow });

  function onFocus(event: React.FocusEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget || active >= 0 || rows.length === 0) return;
    // Focus lands on the first row in view (not row 0), so tabbing in never yanks the scroll position.
    const first = items.find((item) => item.start >= (virtualizer.scrollOffset ?? 0)) ?? items[0];
    const index = first ? first.index : 0;
    onSelectionChange({ ...selection, activeId: rows[index].id, activeIndexHint: index });
  }

  const activeId = active >= 0 ? rowDomId(listId, rows[active].id) : undefined;

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-lg border border-slate-200 focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30 dark:border-slate-800">
      {wide ? <FileListHeader /> : null}
      <div
        ref={scrollRef}
        data-testid="file-scroller"
        onScroll={(event) => onScrollOffset(event.currentTarget.scrollTop)}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain [overflow-anchor:none] [scrollbar-gutter:stable]"
      >
        <div
          ref={listboxRef}
          role="listbox"
          aria-label={label}
          aria-multiselectable="true"
          aria-activedescendant={activeId}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          className="group relative w-full"
          // The listbox is as tall as all rows together, so its own outline would run down the whole list; the
          // frame around the scroll area and the active row show focus instead. Inline, to beat the global rule.
          style={{ height: rows.length * rowHeight, outline: "none", contain: "layout paint" }}
        >
          {items.map((item) => {
            const file = rows[item.index];
            if (!file) return null;
            return (
              <FileRow
                key={item.key}
                file={file}
                listId={listId}
                index={item.index}
                setSize={setSize}
                start={item.start}
                height={item.size}
                selected={selection.selected.has(file.id)}
                active={item.index === active}
                compact={!wide}
                now={now}
                onPointerSelect={onPointerSelect}
                onOpen={openAt}
              />
            );
          })}
        </div>
        {footer}
      </div>
    </div>
  );
}
