"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TableBody, TableHead } from "@/components/ui/table";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { useHasRole } from "@/lib/client/current-user";
import { questionSetQueries } from "@/lib/client/queries/evaluation-sets";
import { ImportButton, NewSetButton } from "./dialog-buttons";

/** Every question set, most recently changed first; editors start a set or import one from a file. */
export function QuestionSetList() {
  const canEdit = useHasRole("editor");
  const sets = useQuery(questionSetQueries.list());
  const actions = canEdit ? (
    <>
      <ImportButton label="Import" target={{ kind: "new" }} />
      <NewSetButton label="New set" variant="primary" />
    </>
  ) : undefined;

  return (
    <>
      <PageHeader title="Question sets" description="Versioned lists of questions that evaluation runs ask, with what a good answer holds." actions={actions} />
      {sets.isError ? (
        <EmptyState title="Could not load question sets" action={<Button onClick={() => void sets.refetch()}>Try again</Button>}>
          {apiErrorMessage(sets.error)}
        </EmptyState>
      ) : sets.data?.length === 0 ? (
        <EmptyState title="No question sets yet">
          A set lists the questions an evaluation asks each model or preset version.
          {canEdit ? " Start one here, or import a CSV or JSONL file." : " Editors and admins can create them."}
        </EmptyState>
      ) : (
        <Table framed data-testid="question-set-table" aria-busy={!sets.data}>
          <caption className="sr-only">Question sets</caption>
          <TableHead framed columns={["Name", { label: "Rows", className: "text-right" }, "Version", "Updated"]} />
          <TableBody>
            {(sets.data ?? []).map((set) => (
              <tr key={set.id}>
                <th scope="row" className="px-3 py-2 font-medium">
                  <Link href={`/evaluations/sets/${set.id}`} className="break-words text-brand-700 hover:underline dark:text-sky-300">
                    {set.name}
                  </Link>
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{set.row_count.toLocaleString("en-US")}</td>
                <td className="px-3 py-2">v{set.latest}</td>
                <td className="whitespace-nowrap px-3 py-2">
                  <RelativeTime value={set.updated_at} />
                </td>
              </tr>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
