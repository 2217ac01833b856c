"use client";

import { clsx } from "clsx";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useMemo } from "react";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import type { PresetVersion } from "@/lib/contract/gateway";
import { conflictRows, presetDocument, previewValue } from "@/lib/presets/diff";
import { storedEdit, type EditState } from "@/lib/presets/edit-state";
import { pruneRequest, versionToRequest } from "@/lib/presets/form-values";
import { mergeThreeWay, type MergeResult } from "@/lib/presets/merge";
import { documentOf } from "@/lib/presets/version-document";
import { Table, TableBody, TableHead } from "@/components/ui/table";

function Cell({ value, changed, label }: { value: unknown; changed: boolean; label: string }) {
  return (
    <td className={clsx("block px-2 py-1 align-top sm:table-cell sm:py-2", changed && "bg-amber-50 dark:bg-amber-950/40")}>
      <span className="mr-1.5 text-xs font-medium text-slate-600 sm:hidden dark:text-slate-400">{label}:</span>
      {value === undefined ? (
        <span className="italic text-slate-500 dark:text-slate-400">absent</span>
      ) : (
        <code className="font-mono text-xs [overflow-wrap:anywhere]">{previewValue(value, 120)}</code>
      )}
    </td>
  );
}

/**
 * Someone saved while this edit was open. Their change and this one, field by field against the
 * version both started from; the user decides, nothing is overwritten silently. A chunk of its own (the
 * diff, the merge, Radix Dialog), fetched when a conflict is met or on the way to a save that may meet one.
 */
export default function ConflictDialog({
  open,
  edit,
  theirs,
  theirAuthor,
  onTakeTheirs,
  onReapplyMine,
  onKeepEditing,
}: {
  open: boolean;
  edit: EditState;
  /** The version saved meanwhile. */
  theirs: PresetVersion;
  theirAuthor: string | null;
  onTakeTheirs: () => void;
  /** Mine re-applied on top of theirs: the merged request, and the fields where mine replaced theirs. */
  onReapplyMine: (merge: MergeResult) => void;
  onKeepEditing: () => void;
}) {
  const { base, current } = edit;
  const baseVersion = base?.version ?? null;
  const theirVersion = theirs.version;
  const rows = useMemo(() => conflictRows(documentOf(edit.base), presetDocument(theirs), presetDocument(storedEdit(edit))), [edit, theirs]);
  const reapplyMine = () =>
    onReapplyMine(mergeThreeWay(base ? pruneRequest(versionToRequest(base)) : {}, current, versionToRequest(theirs)));
  const clashes = rows.filter((row) => row.clash).length;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onKeepEditing())}>
      <DialogContent
        title="This preset changed while you were editing"
        description={`Version ${theirVersion} was saved${theirAuthor ? ` by ${theirAuthor}` : ""} after you started from version ${baseVersion ?? "?"}. Your edit was not saved.`}
        className="sm:max-w-4xl"
        data-testid="conflict-dialog"
      >
        <div className="space-y-4">
          {clashes > 0 ? (
            <p className="text-sm">
              <Badge tone="red">{clashes} both changed</Badge> <span className="ml-1">Re-applying yours keeps your value in those fields.</span>
            </p>
          ) : null}
          <Table>
            <TableHead
              columns={["Field", `Version ${baseVersion ?? "?"} (yours started here)`, `Theirs (version ${theirVersion})`, "Yours"]}
              className="hidden sm:table-header-group"
              cellClassName="px-2 py-1.5"
            />
            <TableBody className="block sm:table-row-group">
              {rows.map((row) => (
                <tr key={row.path} data-path={row.path} className="block py-1 sm:table-row sm:py-0">
                  <th scope="row" className="block px-2 py-1 align-top font-normal sm:table-cell sm:py-2">
                    <code className="font-mono text-xs font-semibold">{row.path}</code>
                    {row.clash ? (
                      <Badge tone="red" className="ml-1">
                        both
                      </Badge>
                    ) : null}
                  </th>
                  <Cell value={row.base} changed={false} label={`Version ${baseVersion ?? "?"}`} />
                  <Cell value={row.theirs} changed={row.theirsChanged} label="Theirs" />
                  <Cell value={row.mine} changed={row.mineChanged} label="Yours" />
                </tr>
              ))}
            </TableBody>
          </Table>
          <div className="flex flex-wrap justify-end gap-2">
            <Button onClick={onKeepEditing}>Keep editing</Button>
            <Button onClick={onTakeTheirs}>Take theirs (discard mine)</Button>
            <Button variant="primary" onClick={reapplyMine}>
              Re-apply mine on top of theirs
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
