"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiStatus, apiErrorMessage } from "@/lib/client/api-error-message";
import { useHasRole } from "@/lib/client/current-user";
import { useUrlParam } from "@/lib/client/hooks/use-url-param";
import { questionSetExportHref, questionSetQueries } from "@/lib/client/queries/evaluation-sets";
import { DeleteSetButton, ImportButton } from "./dialog-buttons";
import { RenameSet } from "./rename-set";
import { RowsForm } from "./rows-form";
import { RowsView } from "./rows-view";
import { VersionPicker } from "./version-picker";

/** `?version=N` as a version number, or undefined for the newest. */
function versionOf(param: string | null): number | undefined {
  const version = Number(param);
  return Number.isInteger(version) && version >= 1 ? version : undefined;
}

/**
 * One question set: the newest version's rows, editable for editors (each save a new version), any older
 * version read only through the version picker (`?version=N`), the export links, import of a new version and,
 * for admins, delete.
 */
export function QuestionSetEditor({ id }: { id: string }) {
  const canEdit = useHasRole("editor");
  const canDelete = useHasRole("admin");
  const [versionParam, setVersionParam] = useUrlParam("version", { history: "push" });
  const [notice, setNotice] = useState<string | null>(null);
  const latest = useQuery(questionSetQueries.version(id));
  const wanted = versionOf(versionParam);
  const newest = latest.data;
  const older = newest !== undefined && wanted !== undefined && wanted !== newest.version;
  const old = useQuery({ ...questionSetQueries.version(id, wanted), enabled: older });

  if (latest.isError) {
    return isApiStatus(latest.error, 404, 400) ? (
      <EmptyState title="No such question set" action={<Link href="/evaluations/sets" className="text-brand-700 underline dark:text-sky-300">All question sets</Link>}>
        It may have been deleted.
      </EmptyState>
    ) : (
      <EmptyState title="Could not load the question set" action={<Button onClick={() => void latest.refetch()}>Try again</Button>}>
        {apiErrorMessage(latest.error)}
      </EmptyState>
    );
  }
  if (!newest) return <Skeleton className="h-64 w-full" />;

  const shown = older ? wanted : newest.version;
  const shownRows = older ? old.data?.rows : newest.rows;
  const pick = (version: number) => {
    setNotice(null);
    setVersionParam(version === newest.version ? null : String(version));
  };

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/evaluations/sets" className="text-brand-700 hover:underline dark:text-sky-300">
          ← Question sets
        </Link>
      </p>
      <PageHeader
        title={newest.name}
        description={`${(shownRows?.length ?? 0).toLocaleString("en-US")} questions · version ${shown} of ${newest.version}`}
        actions={
          <>
            <Button asChild size="sm">
              <a href={questionSetExportHref(id, "csv", shown)} download>
                Export CSV
              </a>
            </Button>
            <Button asChild size="sm">
              <a href={questionSetExportHref(id, "jsonl", shown)} download>
                Export JSONL
              </a>
            </Button>
            {canEdit && !older ? <RenameSet set={newest} onRenamed={(name) => setNotice(`Renamed to “${name}”.`)} /> : null}
            {canEdit && !older ? <ImportButton label="Import new version" target={{ kind: "version", setId: id, baseVersion: newest.version }} /> : null}
            {canDelete ? <DeleteSetButton label="Delete" variant="danger" setId={id} name={newest.name} /> : null}
          </>
        }
      />
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <VersionPicker shown={shown} latest={newest.version} onChange={pick} />
        {notice ? (
          <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-300">
            {notice}
          </p>
        ) : null}
      </div>
      {older ? (
        <>
          <p className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
            Version {shown}, read only.{" "}
            <button type="button" className="font-medium underline" onClick={() => pick(newest.version)}>
              Back to the newest (v{newest.version})
            </button>
          </p>
          {old.isError ? (
            <EmptyState title={`Could not load version ${shown}`}>{apiErrorMessage(old.error)}</EmptyState>
          ) : old.data ? (
            <RowsView key={shown} rows={old.data.rows} caption={`Questions of ${newest.name}, version ${shown}`} />
          ) : (
            <Skeleton className="h-64 w-full" />
          )}
        </>
      ) : canEdit ? (
        <RowsForm key={newest.version} set={newest} onSaved={(version) => setNotice(`Saved as version ${version}.`)} />
      ) : (
        <RowsView rows={newest.rows} caption={`Questions of ${newest.name}`} />
      )}
    </>
  );
}
