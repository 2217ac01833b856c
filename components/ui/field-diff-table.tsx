import { clsx } from "clsx";
import { Badge } from "@/components/ui/badge";
import { jsonType, previewValue, type ChangeKind, type FieldChange } from "@/lib/presets/diff";
import { Table, TableBody, TableHead } from "./table";

const KIND: Record<ChangeKind, { label: string; tone: "green" | "red" | "amber" | "brand" | "neutral" }> = {
  added: { label: "added", tone: "green" },
  removed: { label: "removed", tone: "red" },
  changed: { label: "changed", tone: "amber" },
  "type-changed": { label: "type changed", tone: "amber" },
  reordered: { label: "reordered", tone: "brand" },
};

function Value({ value, kind }: { value: unknown; kind: "before" | "after" }) {
  if (value === undefined) return <span className="italic text-slate-500 dark:text-slate-400">absent</span>;
  return (
    <code
      className={clsx(
        "break-words rounded px-1 py-0.5 font-mono text-xs [overflow-wrap:anywhere]",
        kind === "before" ? "bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-100" : "bg-emerald-50 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100",
      )}
      title={typeof value === "string" ? value : JSON.stringify(value)}
    >
      {previewValue(value, 160)}
    </code>
  );
}

function MobileLabel({ children }: { children: React.ReactNode }) {
  return <span className="mr-1.5 text-xs font-medium text-slate-600 sm:hidden dark:text-slate-400">{children}:</span>;
}

/**
 * Field-level changes as rows: the path, what kind of change, and the value before and after. On
 * narrow screens each row stacks into a small card instead of scrolling sideways.
 */
export function FieldDiffTable({ changes, beforeLabel = "Before", afterLabel = "After" }: { changes: readonly FieldChange[]; beforeLabel?: string; afterLabel?: string }) {
  if (changes.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No field differs.</p>;
  return (
    <Table data-testid="field-diff">
      <TableHead columns={["Field", "Change", beforeLabel, afterLabel]} className="hidden sm:table-header-group" cellClassName="py-1.5 pr-3" />
      <TableBody className="block sm:table-row-group">
        {changes.map((change) => (
          <tr key={`${change.path}:${change.kind}`} data-path={change.path} data-kind={change.kind} className="block py-2 sm:table-row sm:py-0">
            <th scope="row" className="inline py-2 pr-3 align-top font-normal sm:table-cell">
              <code className="break-all font-mono text-xs font-semibold">{change.path || "(whole document)"}</code>
            </th>
            <td className="inline py-2 pr-3 align-top sm:table-cell">
              <Badge tone={KIND[change.kind].tone}>
                {KIND[change.kind].label}
                {change.kind === "type-changed" ? ` (${jsonType(change.before)} → ${jsonType(change.after)})` : ""}
              </Badge>
            </td>
            <td className="block pt-1 align-top sm:table-cell sm:py-2 sm:pr-3">
              <MobileLabel>{beforeLabel}</MobileLabel>
              {change.kind === "added" ? <Value value={undefined} kind="before" /> : <Value value={change.before} kind="before" />}
            </td>
            <td className="block pt-1 align-top sm:table-cell sm:py-2">
              <MobileLabel>{afterLabel}</MobileLabel>
              {change.kind === "removed" ? <Value value={undefined} kind="after" /> : <Value value={change.after} kind="after" />}
            </td>
          </tr>
        ))}
      </TableBody>
    </Table>
  );
}
