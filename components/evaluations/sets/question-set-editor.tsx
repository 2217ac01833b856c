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
 * for admins, delete. Read a page of rows at a time (the first page comes with the page); only an editor's draft
 * loads the newest version's rows whole, as it saves them whole.
 */
export function QuestionSetEditor({ id }: { id: string }) {
  const canEdit = useHasRole("editor");
  const canDelete = useHasRole("admin");
  const [versionParam, setVersionParam] = useUrlParam("version", { history: "push" });
  const [notice, setNotice] = useState<string | null>(null);
  const latest = useQuery(questionSetQueries.rows(id, undefined, 0));
  const wanted = versionOf(versionParam);
  const newest = latest.data;
  const older = newest !== undefined && wanted !== undefined && wanted !== newest.version;
  const old = useQuery({ ...questionSetQueries.rows(id, wanted, 0), enabled: older });
  const whole = useQuery({ ...questionSetQueries.version(id), enabled: canEdit && newest !== undefined && !older });

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
  const shownCount = older ? old.data?.row_count : newest.row_count;
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
        description={`${(shownCount ?? 0).toLocaleString("en-US")} questions · version ${shown} of ${newest.version}`}
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
          ) : (
            <RowsView key={shown} setId={id} version={shown} caption={`Questions of ${newest.name}, version ${shown}`} />
          )}
        </>
      ) : canEdit ? (
        whole.isError ? (
          <EmptyState title="Could not load the rows to edit" action={<Button onClick={() => void whole.refetch()}>Try again</Button>}>
            {apiErrorMessage(whole.error)}
          </EmptyState>
        ) : whole.data ? (
          <RowsForm key={whole.data.version} set={whole.data} onSaved={(version) => setNotice(`Saved as version ${version}.`)} />
        ) : (
          <Skeleton className="h-64 w-full" />
        )
      ) : (
        <RowsView key={newest.version} setId={id} version={undefined} caption={`Questions of ${newest.name}`} />
      )}
    </>
  );
}
