"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError, apiFetch } from "@/lib/client/api-client";
import { presetKeys, presetQueries } from "@/lib/client/queries/presets";
import type { PresetAuditEntry } from "@/lib/bff/schemas";
import { PresetSaveResponseSchema, type PresetVersion, type PresetWithDesignatedVersion } from "@/lib/gateway";
import { versionToRequest } from "@/lib/presets/form-values";
import { saveCheckNote } from "@/lib/presets/save-check";
import { JsonCodeEditor } from "../json-code-editor";
import { ComparePanel } from "./compare-panel";
import { studioSearchParams } from "@/lib/presets/search-params";

function savedBy(audit: readonly PresetAuditEntry[] | undefined, version: PresetVersion): PresetAuditEntry | undefined {
  return audit?.find((entry) => entry.version_id === version.id) ?? audit?.find((entry) => entry.version === version.version);
}

function VersionDrawer({
  version,
  designated,
  auditEntry,
  canEdit,
  onClose,
  onCompare,
  onRestore,
}: {
  version: PresetVersion | null;
  designated: boolean;
  auditEntry: PresetAuditEntry | undefined;
  canEdit: boolean;
  onClose: () => void;
  onCompare: () => void;
  onRestore: () => void;
}) {
  return (
    <Dialog open={version !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {version ? (
        <DialogContent
          side="right"
          className="sm:max-w-xl"
          title={`Version ${version.version}${designated ? " (designated)" : ""}`}
          description={
            <>
              Created <RelativeTime value={version.created_at} />
              {auditEntry ? ` by ${auditEntry.user_name || auditEntry.user_email}` : ""}. Read-only.
            </>
          }
        >
          <div className="space-y-4">
            <div className="flex flex-wrap gap-2">
              {!designated ? (
                <Button size="sm" onClick={onCompare}>
                  Compare with designated
                </Button>
              ) : null}
              {canEdit && !designated ? (
                <Button size="sm" variant="primary" onClick={onRestore}>
                  Restore this version…
                </Button>
              ) : null}
            </div>
            <div>
              <h3 className="mb-1 text-sm font-semibold">System prompt</h3>
              <pre tabIndex={0} aria-label="System prompt" className="max-h-48 overflow-auto whitespace-pre-wrap rounded-md bg-slate-100 p-3 font-mono text-xs dark:bg-slate-900">
                {version.system_prompt || <span className="italic text-slate-600 dark:text-slate-400">(empty)</span>}
              </pre>
            </div>
            <div>
              <h3 className="mb-1 text-sm font-semibold">Config</h3>
              <JsonCodeEditor value={JSON.stringify(version.config, null, 2)} readOnly label={`Config of version ${version.version}`} maxHeight="55vh" />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
              <dt>Version id</dt>
              <dd className="break-all font-mono">{version.id}</dd>
              <dt>Gateway creator</dt>
              <dd className="break-all font-mono">{version.creator_id ?? "unknown"}</dd>
            </dl>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/**
 * The preset's versions: who made each, which one is designated, any version opened read-only, any
 * two compared, and any old one restored as a new version (history is never rewritten).
 */
export function PresetHistory({ slug, preset, canEdit }: { slug: string; preset: PresetWithDesignatedVersion; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const versions = useQuery(presetQueries.versions(slug));
  const audit = useQuery(presetQueries.audit(slug));
  const [params, setParams] = useQueryStates(studioSearchParams);
  const [restoreTarget, setRestoreTarget] = useState<PresetVersion | null>(null);
  const [restoreMessage, setRestoreMessage] = useState<string | null>(null);

  const list = versions.data ?? [];
  const newestFirst = [...list].reverse();
  // A gateway may leave designated_version_id out; the designated version still names itself.
  const designatedId = preset.designated_version_id ?? preset.designated_version?.id ?? null;
  const designatedNumber = preset.designated_version?.version ?? list.at(-1)?.version ?? 1;
  const opened = params.version !== null ? (list.find((version) => version.version === params.version) ?? null) : null;

  const restore = useMutation({
    mutationFn: (version: PresetVersion) =>
      apiFetch(`/api/presets/${encodeURIComponent(slug)}`, PresetSaveResponseSchema, {
        method: "POST",
        json: versionToRequest(version),
        headers: designatedId ? { "If-Match": designatedId } : {},
      }),
    onSuccess: (envelope, version) => {
      queryClient.setQueryData(presetKeys.detail(slug), envelope.data);
      void queryClient.invalidateQueries({ queryKey: presetKeys.versions(slug) });
      void queryClient.invalidateQueries({ queryKey: presetKeys.audit(slug) });
      void queryClient.invalidateQueries({ queryKey: presetKeys.lists() });
      setRestoreTarget(null);
      setRestoreMessage(`Version ${version.version} restored as version ${envelope.data.designated_version?.version ?? "?"}.${saveCheckNote(envelope)}`);
      void setParams({ version: null });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: presetKeys.detail(slug) });
    },
  });

  const compare = (from: number, to: number) => void setParams({ compare: { from, to }, tab: "history", version: null });

  if (versions.isPending) {
    return (
      <div role="status" className="space-y-2" aria-busy="true" aria-label="Loading versions">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (versions.isError) {
    return (
      <EmptyState title="Could not load the versions" action={<Button onClick={() => void versions.refetch()}>Try again</Button>}>
        {versions.error.message}
      </EmptyState>
    );
  }

  return (
    <div className="space-y-6">
      {restoreMessage ? (
        <div role="status" className="flex items-start justify-between gap-3 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm dark:border-emerald-800 dark:bg-emerald-950/40">
          <span>{restoreMessage}</span>
          <button type="button" className="text-xs underline" onClick={() => setRestoreMessage(null)}>
            Dismiss
          </button>
        </div>
      ) : null}

      {params.compare ? (
        <ComparePanel
          slug={slug}
          pair={params.compare}
          versions={list}
          mode={params.diff}
          onPairChange={(pair) => void setParams({ compare: pair })}
          onModeChange={(diff) => void setParams({ diff })}
          onClose={() => void setParams({ compare: null })}
        />
      ) : list.length > 1 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Button size="sm" onClick={() => compare(Math.max(1, designatedNumber - 1), designatedNumber)}>
            Compare v{Math.max(1, designatedNumber - 1)} with v{designatedNumber}
          </Button>
          <span className="text-slate-600 dark:text-slate-400">then choose any two versions, or use Compare on a row.</span>
        </div>
      ) : null}

      <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
        <table className="w-full min-w-[40rem] text-left text-sm" data-testid="version-table">
          <caption className="sr-only">Versions of {slug}, newest first</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-900 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Version
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Created
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Saved by
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Gateway creator
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {newestFirst.map((version) => {
              const entry = savedBy(audit.data, version);
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
                      <span title={entry.user_email}>{entry.user_name || entry.user_email}</span>
                    ) : (
                      <span className="text-slate-500 dark:text-slate-400">outside Gatehouse</span>
                    )}
                  </td>
                  <td className="max-w-40 truncate px-3 py-2 font-mono text-xs" title={version.creator_id ?? undefined}>
                    {version.creator_id ?? "unknown"}
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex justify-end gap-1">
                      <Button size="sm" variant="ghost" onClick={() => void setParams({ version: version.version })} aria-label={`View version ${version.version}`}>
                        View
                      </Button>
                      {!isDesignated ? (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => compare(version.version, designatedNumber)}
                          aria-label={`Compare version ${version.version} with the designated version`}
                        >
                          Compare
                        </Button>
                      ) : null}
                      {canEdit && !isDesignated ? (
                        <Button size="sm" variant="ghost" onClick={() => setRestoreTarget(version)} aria-label={`Restore version ${version.version}`}>
                          Restore
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <VersionDrawer
        version={opened}
        designated={opened?.id === designatedId}
        auditEntry={opened ? savedBy(audit.data, opened) : undefined}
        canEdit={canEdit}
        onClose={() => void setParams({ version: null })}
        onCompare={() => opened && compare(opened.version, designatedNumber)}
        onRestore={() => opened && setRestoreTarget(opened)}
      />

      <Dialog
        open={restoreTarget !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRestoreTarget(null);
            restore.reset();
          }
        }}
      >
        {restoreTarget ? (
          <DialogContent
            title={`Restore version ${restoreTarget.version}?`}
            description={`This saves version ${restoreTarget.version}'s config and system prompt as a new version, which becomes the designated one. No version is changed or deleted.`}
          >
            <div className="space-y-4">
              {restore.error ? (
                <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-100">
                  {restore.error instanceof ApiError && restore.error.status === 409
                    ? "The preset changed while you looked at it; the list is refreshed, try again."
                    : restore.error.message}
                </p>
              ) : null}
              <div className="flex justify-end gap-2">
                <DialogClose asChild>
                  <Button>Cancel</Button>
                </DialogClose>
                <Button variant="primary" disabled={restore.isPending} onClick={() => restore.mutate(restoreTarget)}>
                  {restore.isPending ? "Restoring…" : `Restore as a new version`}
                </Button>
              </div>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
