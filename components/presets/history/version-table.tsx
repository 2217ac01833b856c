"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import type { PresetAuditEntry } from "@/lib/contract/bff/schemas";
import type { PresetVersion } from "@/lib/contract/gateway";
import Link from "next/link";
import { evaluationResultsLink, savedBy } from "@/lib/presets/audit";
import { Table, TableBody, TableHead } from "@/components/ui/table";

/** The versions, newest first: who saved each, which is designated, and View / Compare / Restore. */
export function VersionTable({
  slug,
  versions,
  audit,
  designatedId,
  canEdit,
  onView,
  onCompare,
  onRestore,
  gateCell,
}: {
  slug: string;
  /** Newest first. */
  versions: readonly PresetVersion[];
  audit: readonly PresetAuditEntry[] | undefined;
  designatedId: string | null;
  canEdit: boolean;
  onView: (version: PresetVersion) => void;
  /** Compare with the designated version. */
  onCompare: (version: PresetVersion) => void;
  onRestore: (version: PresetVersion) => void;
  /** With a release gate: the version's state against it, in a column of its own. */
  gateCell?: (version: number) => React.ReactNode;
}) {
  return (
    <Table framed className="min-w-[40rem]" data-testid="version-table">
      <caption className="sr-only">Versions of {slug}, newest first</caption>
      <TableHead framed columns={["Version", "Created", "Saved by", "Gateway creator", ...(gateCell ? ["Release gate"] : []), { label: "Actions", className: "text-right" }]} />
      <TableBody>
        {versions.map((version) => {
          const entry = savedBy(audit, version);
          const isDesignated = version.id === designatedId;
          return (
            <tr key={version.id} data-version={version.version}>
              <th scope="row" className="px-3 py-2 font-medium">
                <span className="mr-2">v{version.version}</span>
                {isDesignated ? <Badge tone="green">designated</Badge> : null}
              </th>
              <td className="px-3 py-2">
                <RelativeTime value={version.created_at} />
              </td>
              <td className="px-3 py-2">
                {entry ? (
                  <>
                    <span title={entry.user_email}>{entry.user_name || entry.user_email}</span>
                    <EvaluationOrigin entry={entry} version={version.version} />
                  </>
                ) : (
                  <span className="text-slate-500 dark:text-slate-400">outside Gatehouse</span>
                )}
              </td>
              <td className="max-w-40 truncate px-3 py-2 font-mono text-xs" title={version.creator_id ?? undefined}>
                {version.creator_id ?? "unknown"}
              </td>
              {gateCell ? <td className="px-3 py-2">{gateCell(version.version)}</td> : null}
              <td className="px-3 py-2">
                <div className="flex justify-end gap-1">
                  <Button size="sm" variant="ghost" onClick={() => onView(version)} aria-label={`View version ${version.version}`}>
                    View
                  </Button>
                  {!isDesignated ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => onCompare(version)}
                      aria-label={`Compare version ${version.version} with the designated version`}
                    >
                      Compare
                    </Button>
                  ) : null}
                  {canEdit && !isDesignated ? (
                    <Button size="sm" variant="ghost" onClick={() => onRestore(version)} aria-label={`Restore version ${version.version}`}>
                      Restore
                    </Button>
                  ) : null}
                </div>
              </td>
            </tr>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** A version saved by "Make version N the designated version" links back to the evaluation run it won. */
function EvaluationOrigin({ entry, version }: { entry: PresetAuditEntry; version: number }) {
  const href = evaluationResultsLink(entry);
  if (!href) return null;
  return (
    <Link href={href} className="ml-2 text-xs font-medium text-brand-700 hover:underline dark:text-brand-100" aria-label={`Evaluation run that made version ${version} designated`}>
      from evaluation
    </Link>
  );
}
