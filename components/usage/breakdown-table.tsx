import type { UsageGroup } from "@/lib/contract/bff/usage";
import { Table, TableBody, TableHead } from "@/components/ui/table";
import { formatUsd } from "@/lib/video-models/money";

/** One breakdown (by model, feature, preset or person): spend, calls and tokens per group, largest first. */
export function BreakdownTable({ title, groups }: { title: string; groups: readonly UsageGroup[] }) {
  // aria-labelledby takes a list of ids separated by spaces: the title's words joined by dashes.
  const headingId = `usage-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="mb-2 text-sm font-semibold">
        {title}
      </h2>
      {groups.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Nothing spent.</p>
      ) : (
        <Table framed>
          <TableHead framed columns={["Name", { label: "Spend", className: "text-right" }, { label: "Calls", className: "text-right" }, { label: "Tokens in / out", className: "hidden text-right sm:table-cell" }]} />
          <TableBody>
            {groups.map((group) => (
              <tr key={group.key}>
                <th scope="row" className="max-w-48 truncate px-3 py-1.5 font-normal" title={group.label}>
                  {group.label}
                </th>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatUsd(group.usd)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{group.calls}</td>
                <td className="hidden px-3 py-1.5 text-right tabular-nums sm:table-cell">
                  {group.input_tokens} / {group.output_tokens}
                </td>
              </tr>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
