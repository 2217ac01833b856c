"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableHead } from "@/components/ui/table";
import { ApiError } from "@/lib/client/api-client";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { questionSetKeys, updateQuestionSet } from "@/lib/client/queries/evaluation-sets";
import type { QuestionSetVersionBody } from "@/lib/contract/bff/evaluations";
import {
  draftFromRows,
  emptyRow,
  nextKey,
  pageOf,
  placeIssues,
  removeRow,
  rowsFromDraft,
  ROWS_PER_PAGE,
  updateRow,
  type DraftRow,
  type PlacedErrors,
} from "@/lib/question-sets/draft";
import { ROW_COLUMNS } from "./row-columns";
import { RowInputs } from "./row-inputs";
import { RowsPager } from "./rows-pager";

/** Where the save's refusal names rows: the first ten, so the user knows which pages to visit. */
function rowsSentence(rows: number[]): string {
  const listed = rows.slice(0, 10).join(", ");
  return rows.length > 10 ? `${listed} and ${rows.length - 10} more` : listed;
}

/**
 * The editable rows of a set's newest version. Each save is a new version on top of the one shown (409 when
 * someone saved meanwhile); the page re-keys this form by version, so a save starts a fresh draft.
 */
export function RowsForm({ set, onSaved }: { set: QuestionSetVersionBody; onSaved: (version: number) => void }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<DraftRow[]>(() => draftFromRows(set.rows));
  const [page, setPage] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [placed, setPlaced] = useState<PlacedErrors | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusKey, setFocusKey] = useState<number | null>(null);

  // Leaving the page with unsaved rows asks first (the browser's own prompt).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const change = useCallback((key: number, patch: Partial<Omit<DraftRow, "key">>) => {
    setRows((current) => updateRow(current, key, patch));
    setDirty(true);
  }, []);
  const remove = useCallback((key: number) => {
    setRows((current) => removeRow(current, key));
    setDirty(true);
  }, []);
  const add = () => {
    const key = nextKey(rows);
    setRows([...rows, emptyRow(key)]);
    setPage(pageOf(rows.length));
    setFocusKey(key);
    setDirty(true);
  };

  const save = async () => {
    setSaving(true);
    setFailure(null);
    setPlaced(null);
    try {
      const saved = await updateQuestionSet(set.set_id, { base_version: set.version, rows: rowsFromDraft(rows) });
      // The answer describes the version without its rows: the newest version and its pages are read again.
      await queryClient.invalidateQueries({ queryKey: questionSetKeys.detail(set.set_id) });
      await queryClient.invalidateQueries({ queryKey: questionSetKeys.list() });
      onSaved(saved.version);
    } catch (error) {
      const issues = error instanceof ApiError && error.status === 400 ? error.issues : [];
      if (issues.length > 0) {
        const found = placeIssues(rows, issues);
        setPlaced(found);
        if (found.rows.length > 0) setPage(pageOf(found.rows[0] - 1));
        setFailure(
          [found.rows.length > 0 ? `Not saved: fix row${found.rows.length === 1 ? "" : "s"} ${rowsSentence(found.rows)}.` : "Not saved.", ...found.other].join(" "),
        );
      } else {
        setFailure(apiErrorMessage(error, { status: { 409: (conflict) => `Not saved: ${conflict.message} Your edits are still here; copy what you need, then reload.` } }));
      }
    } finally {
      setSaving(false);
    }
  };

  const shown = rows.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      aria-label={`Rows of ${set.name}`}
    >
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={!dirty || saving}>
          {saving ? "Saving…" : "Save as new version"}
        </Button>
        <Button onClick={add}>Add row</Button>
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {dirty ? "Unsaved changes" : ""}
        </p>
      </div>
      {failure ? (
        <div className="mb-3">
          <Alert>{failure}</Alert>
        </div>
      ) : null}
      {/* relative: the header's visually hidden "Remove" is positioned absolutely; it must scroll with the table, not widen the page. */}
      <Table framed wrapperClassName="relative">
        <caption className="sr-only">Questions of {set.name}, editable</caption>
        <TableHead framed columns={[...ROW_COLUMNS, { label: <span className="sr-only">Remove</span> }]} cellClassName="px-2 py-2" />
        <TableBody>
          {shown.map((row, index) => (
            <RowInputs
              key={row.key}
              row={row}
              number={page * ROWS_PER_PAGE + index + 1}
              errors={placed?.byRow.get(row.key)}
              autoFocus={row.key === focusKey}
              onChange={change}
              onRemove={remove}
            />
          ))}
        </TableBody>
      </Table>
      <RowsPager page={Math.min(page, pageOf(Math.max(0, rows.length - 1)))} total={rows.length} onPage={setPage} label="Pages of rows" />
    </form>
  );
}
