"use client";

import { clsx } from "clsx";
import { useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import type { VideoModel } from "@/lib/contract/gateway";
import { buildComparison } from "@/lib/video-models/compare";
import type { CostSettings } from "@/lib/video-models/cost";
import { aspectRatiosOf } from "@/lib/video-models/model-facts";
import { AspectRatioList } from "./capability-visuals";
import { Table } from "@/components/ui/table";

/** Side-by-side comparison of 2 to 4 models: every field in aligned rows, rows that differ highlighted and labelled. */
export function CompareDialog({
  models,
  settings,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  models: VideoModel[];
  settings: CostSettings;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the dialog closes (it is opened from outside, not by a Radix trigger). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const sections = useMemo(() => buildComparison(models, settings), [models, settings]);
  const differing = sections.reduce((sum, section) => sum + section.rows.filter((row) => row.differs).length, 0);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Compare ${models.length} models`}
        description={`${differing} ${differing === 1 ? "field differs" : "fields differ"}; those rows are highlighted and marked “differs”.`}
        className="sm:max-w-5xl"
        data-testid="compare-dialog"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <p className="mb-2 text-xs text-slate-600 sm:hidden dark:text-slate-400">The table scrolls sideways to show every model.</p>
        <label className="mb-3 flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={onlyDifferences} onChange={(event) => setOnlyDifferences(event.target.checked)} />
          Show only differences
        </label>
        <Table wrapperClassName="-mx-5 px-5" className="min-w-[32rem] border-separate border-spacing-0">
          <thead>
            <tr>
              <th scope="col" className="sticky left-0 z-10 w-28 border-b sm:w-40 border-slate-200 bg-white py-2 pr-3 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
                Field
              </th>
              {models.map((model) => (
                <th key={model.id} scope="col" className="border-b border-slate-200 px-3 py-2 align-bottom font-semibold dark:border-slate-800">
                  {model.name}
                </th>
              ))}
            </tr>
          </thead>
          {sections.map((section) => {
            const rows = onlyDifferences ? section.rows.filter((row) => row.differs) : section.rows;
            if (rows.length === 0) return null;
            return (
              <tbody key={section.title}>
                <tr>
                  <th scope="colgroup" colSpan={models.length + 1} className="sticky left-0 bg-white pb-1 pt-4 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:bg-slate-900 dark:text-slate-400">
                    {section.title}
                  </th>
                </tr>
                {rows.map((row) => (
                  <tr key={row.key} data-testid="compare-row" data-row-key={row.key} data-differs={row.differs ? "true" : "false"}>
                    <th
                      scope="row"
                      className={clsx(
                        "sticky left-0 z-10 border-b border-slate-100 py-1.5 pr-3 align-top text-xs font-medium dark:border-slate-800",
                        row.differs ? "bg-amber-50 dark:bg-[#2f1f1f]" : "bg-white dark:bg-slate-900",
                        row.key.startsWith("sku:") && "font-mono font-normal break-all",
                      )}
                    >
                      {row.label}
                      {row.differs ? (
                        <Badge tone="amber" className="ml-1 align-middle font-sans">
                          differs
                        </Badge>
                      ) : null}
                    </th>
                    {row.cells.map((cell, index) => (
                      <td
                        key={models[index].id}
                        className={clsx(
                          "border-b border-slate-100 px-3 py-1.5 align-top dark:border-slate-800",
                          row.differs && "bg-amber-50 dark:bg-[#2f1f1f]",
                          row.key === "description" && "min-w-56 text-xs",
                        )}
                      >
                        {row.key === "aspect_ratios" ? (
                          <>
                            <AspectRatioList ratios={aspectRatiosOf(models[index])} />
                          </>
                        ) : (
                          cell
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            );
          })}
        </Table>
      </DialogContent>
    </Dialog>
  );
}
