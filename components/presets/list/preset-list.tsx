"use client";

import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import Link from "next/link";
import { useQueryStates } from "nuqs";
import { useEffect, useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import type { PresetRow, PresetSummary } from "@/lib/contract/bff/schemas";
import { useHasRole } from "@/lib/client/current-user";
import { presetQueries } from "@/lib/client/queries/presets";
import type { Preset } from "@/lib/contract/gateway";
import { filterPresets, isServerOrder, sortPresets, type PresetSortKey } from "@/lib/presets/list";
import { PRESET_PAGE_SIZE } from "@/lib/presets/paging";
import { presetListSearchParams as listParams } from "@/lib/presets/search-params";
import { NewPresetDialog } from "./new-preset-dialog";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { Table, TableBody } from "@/components/ui/table";

/** The designated version's number, which the gateway's list does not carry (the BFF adds it to each row). */
function VersionCell({ summary }: { summary: PresetSummary | null | undefined }) {
  if (summary === undefined) return <Skeleton className="h-4 w-8" />;
  if (summary === null || summary.version_unavailable) return <span className="text-slate-500 dark:text-slate-400" title="Could not be read from the gateway">?</span>;
  return summary.version ? <span>v{summary.version}</span> : <span className="text-slate-500 dark:text-slate-400">–</span>;
}

/** Who saved last, from the dashboard's audit log (saves made outside Gatehouse are not in it). */
function SavedByCell({ summary }: { summary: PresetSummary | null | undefined }) {
  if (summary === undefined) return <Skeleton className="h-4 w-20" />;
  if (summary === null) return <span className="text-slate-500 dark:text-slate-400">?</span>;
  const last = summary.last_saved_by;
  return last ? (
    <span title={last.user_email}>{last.user_name || last.user_email}</span>
  ) : (
    <span className="text-slate-500 dark:text-slate-400">outside Gatehouse</span>
  );
}

function SortHeader({
  label,
  column,
  sort,
  dir,
  onSort,
  className,
}: {
  className?: string;
  label: string;
  column: PresetSortKey;
  sort: PresetSortKey;
  dir: "asc" | "desc";
  onSort: (column: PresetSortKey) => void;
}) {
  const active = sort === column;
  return (
    <th scope="col" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"} className={clsx("px-3 py-2 font-medium", className)}>
      <button type="button" onClick={() => onSort(column)} className="inline-flex items-center gap-1 uppercase tracking-wide hover:text-slate-900 dark:hover:text-white">
        {label}
        <span aria-hidden className="text-[10px]">
          {active ? (dir === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}

/** `summary`: undefined while it loads, null when it could not be loaded. */
function Row({ preset, summary }: { preset: Preset; summary: PresetSummary | null | undefined }) {
  return (
    <tr data-slug={preset.slug}>
      <th scope="row" className="px-3 py-2 font-medium">
        <Link href={`/presets/${encodeURIComponent(preset.slug)}`} className="break-all font-medium text-brand-700 hover:underline dark:text-sky-300">
          {preset.name}
        </Link>
      </th>
      <td className="hidden px-3 py-2 font-mono text-xs sm:table-cell">{preset.slug}</td>
      <td className="hidden px-3 py-2 sm:table-cell">
        <Badge tone={preset.status === "active" ? "green" : "neutral"}>{preset.status}</Badge>
      </td>
      <td className="px-3 py-2">
        <VersionCell summary={summary} />
      </td>
      <td className="whitespace-nowrap px-3 py-2">
        <RelativeTime value={preset.updated_at} />
      </td>
      <td className="hidden px-3 py-2 md:table-cell">
        <SavedByCell summary={summary} />
      </td>
    </tr>
  );
}

/**
 * All presets: searchable and sortable. In the gateway's own order (most recently updated first) each
 * page is one offset page of GET /presets; a search or another sort reads the whole list once, since
 * the gateway neither searches nor sorts.
 */
export function PresetList() {
  const [params, setParams] = useQueryStates(listParams);
  const canEdit = useHasRole("editor");
  const [search, setSearch] = useState(params.q);

  // The URL follows the search box after a short pause, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (search !== params.q) void setParams({ q: search || null, page: null });
    }, 250);
    return () => clearTimeout(timer);
  }, [search, params.q, setParams]);

  const server = isServerOrder(params.q, params.sort, params.dir);
  const page = Math.max(1, params.page);
  const offset = (page - 1) * PRESET_PAGE_SIZE;
  const pageQuery = useQuery({ ...presetQueries.page(offset, PRESET_PAGE_SIZE), enabled: server });
  const catalog = useQuery({ ...presetQueries.catalog(), enabled: !server });

  const view = useMemo(() => {
    if (server) return pageQuery.data ? { rows: pageQuery.data.data, total: pageQuery.data.total_count, truncated: false } : null;
    if (!catalog.data) return null;
    const matching = sortPresets(filterPresets(catalog.data.data, params.q), params.sort, params.dir);
    return { rows: matching.slice(offset, offset + PRESET_PAGE_SIZE), total: matching.length, truncated: catalog.data.truncated };
  }, [server, pageQuery.data, catalog.data, params.q, params.sort, params.dir, offset]);

  // Searching or sorting the catalog here: the shown rows' versions and authors in one request.
  const shownSlugs = !server && view ? view.rows.map((preset) => preset.slug) : [];
  const summaries = useQuery({ ...presetQueries.summaries(shownSlugs), enabled: shownSlugs.length > 0 });
  const summaryOf = (preset: Preset): PresetSummary | null | undefined => {
    if (server) return (preset as PresetRow).summary;
    return summaries.data?.find((summary) => summary.slug === preset.slug) ?? (summaries.isError ? null : undefined);
  };

  const active = server ? pageQuery : catalog;
  const pages = view ? Math.max(1, Math.ceil(view.total / PRESET_PAGE_SIZE)) : 1;

  const onSort = (column: PresetSortKey) => {
    const dir = params.sort === column ? (params.dir === "asc" ? "desc" : "asc") : column === "updated" ? "desc" : "asc";
    void setParams({ sort: column, dir, page: null });
  };

  const noPresetsAtAll = view !== null && view.total === 0 && params.q === "";

  return (
    <>
      <PageHeader
        title="Presets"
        description="Named, versioned bundles of chat-request settings, used as @preset/<slug>."
        actions={canEdit ? <NewPresetDialog /> : undefined}
      />

      <div className="mb-4 flex flex-wrap items-center gap-3">
        <label className="w-full max-w-sm">
          <span className="sr-only">Search presets by name or slug</span>
          <Input type="search" placeholder="Search by name or slug" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        {view ? (
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {view.total === 0 ? "No presets" : `${offset + 1}–${Math.min(offset + PRESET_PAGE_SIZE, view.total)} of ${view.total}`}
            {params.q ? ` matching “${params.q}”` : ""}
          </p>
        ) : null}
      </div>

      {view?.truncated ? (
        <p className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
          Searching and sorting cover the first {catalog.data?.data.length} presets only.
        </p>
      ) : null}

      {active.isError ? (
        <EmptyState title="Could not load presets" action={<Button onClick={() => void active.refetch()}>Try again</Button>}>
          {apiErrorMessage(active.error)}
        </EmptyState>
      ) : noPresetsAtAll ? (
        <EmptyState title="No presets yet" action={canEdit ? <NewPresetDialog /> : undefined}>
          A preset stores a model, a system prompt and request settings under a name, so every caller gets the same setup.
          {canEdit ? "" : " Editors and admins can create them."}
        </EmptyState>
      ) : view && view.total === 0 ? (
        <EmptyState title="No preset matches" action={<Button onClick={() => setSearch("")}>Clear the search</Button>}>
          Nothing has “{params.q}” in its name or slug.
        </EmptyState>
      ) : (
        <Table framed data-testid="preset-table" aria-busy={view === null}>
          <caption className="sr-only">Presets</caption>
          <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-900 dark:text-slate-400">
            <tr>
              <SortHeader label="Name" column="name" sort={params.sort} dir={params.dir} onSort={onSort} />
              <SortHeader label="Slug" column="slug" sort={params.sort} dir={params.dir} onSort={onSort} className="hidden sm:table-cell" />
              <SortHeader label="Status" column="status" sort={params.sort} dir={params.dir} onSort={onSort} className="hidden sm:table-cell" />
              <th scope="col" className="px-3 py-2 font-medium uppercase tracking-wide">
                Version
              </th>
              <SortHeader label="Updated" column="updated" sort={params.sort} dir={params.dir} onSort={onSort} />
              <th scope="col" className="hidden px-3 py-2 font-medium uppercase tracking-wide md:table-cell">
                Saved by
              </th>
            </tr>
          </thead>
          <TableBody>
            {view
              ? view.rows.map((preset) => <Row key={preset.id} preset={preset} summary={summaryOf(preset)} />)
              : Array.from({ length: 6 }, (_, index) => (
                  <tr key={index}>
                    <td colSpan={6} className="px-3 py-2.5">
                      <Skeleton className="h-5 w-full" />
                    </td>
                  </tr>
                ))}
          </TableBody>
        </Table>
      )}

      {view && pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
          <Button size="sm" disabled={page <= 1} onClick={() => void setParams({ page: page - 1 === 1 ? null : page - 1 })}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button size="sm" disabled={page >= pages} onClick={() => void setParams({ page: page + 1 })}>
            Next
          </Button>
        </nav>
      ) : null}
    </>
  );
}
