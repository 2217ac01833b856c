import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableHead } from "@/components/ui/table";
import type { Generation, GenerationListResponse } from "@/lib/contract/bff/video-generations";
import { formatExactTime, formatRelativeTime } from "@/lib/format/time";
import { generationCost, isGenerationFinished, statusLabel } from "@/lib/video-models/generation-progress";
import { formatUsd } from "@/lib/video-models/money";

/** Who and which models give way first on a narrow screen: the prompt, cost and status stay in view. */
const NARROW_HIDDEN = "hidden sm:table-cell";
const COLUMNS = ["When", { label: "Who", className: NARROW_HIDDEN }, "Prompt", { label: "Models", className: NARROW_HIDDEN }, "Cost", "Status"];
const LINK = "font-medium text-brand-700 hover:underline dark:text-brand-100";

function runStatus(generation: Generation): string {
  if (!isGenerationFinished(generation)) return "Running";
  return [...new Set(generation.jobs.map((job) => job.status))].map(statusLabel).join(", ");
}

/**
 * Everyone's video generations, newest first, each linking to its run, older ones one cursor page further.
 * Rendered on the server with no script of its own: the history only reads, so it costs the page nothing.
 */
export function HistoryList({ page, first }: { page: GenerationListResponse; first: boolean }) {
  if (page.data.length === 0) return <EmptyState title="No generations yet">Pick models in the catalog and generate with them.</EmptyState>;
  return (
    <div className="space-y-3">
      <Table framed data-testid="generation-history">
        <caption className="sr-only">Video generations, newest first</caption>
        <TableHead framed columns={COLUMNS} />
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {page.data.map((generation) => (
            <tr key={generation.id} data-testid="history-row" data-generation-id={generation.id}>
              <td className="whitespace-nowrap px-3 py-2">
                <time dateTime={generation.created_at} title={formatExactTime(generation.created_at)}>
                  {formatRelativeTime(generation.created_at)}
                </time>
              </td>
              <td className={`${NARROW_HIDDEN} px-3 py-2`}>{generation.user.name}</td>
              <td className="max-w-xs px-3 py-2">
                <Link href={`/video-models/generate/${generation.id}`} className={`line-clamp-2 ${LINK}`}>
                  {generation.prompt}
                </Link>
              </td>
              <td className={`${NARROW_HIDDEN} px-3 py-2 font-mono text-xs`}>{generation.models.join(", ")}</td>
              <td className="px-3 py-2 tabular-nums">{formatUsd(generationCost(generation))}</td>
              <td className="px-3 py-2">{runStatus(generation)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <nav aria-label="History pages" className="flex gap-4 text-sm">
        {first ? null : (
          <Link href="/video-models/generations" className={LINK}>
            Newest
          </Link>
        )}
        {page.next_cursor ? (
          <Link href={`/video-models/generations?cursor=${encodeURIComponent(page.next_cursor)}`} className={LINK}>
            Older generations
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
