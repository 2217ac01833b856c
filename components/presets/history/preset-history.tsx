"use client";

import { useQuery } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { presetQueries } from "@/lib/client/queries/presets";
import type { PresetVersion, PresetWithDesignatedVersion } from "@/lib/contract/gateway";
import { savedBy } from "@/lib/presets/audit";
import { saveCheckNote } from "@/lib/presets/save-check";
import { NoticeBanner } from "../notice-banner";
import { ComparePanel } from "./compare-panel";
import { studioSearchParams } from "@/lib/presets/search-params";
import { RestoreDialog } from "./restore-dialog";
import { useRestoreVersion } from "./use-restore-version";
import { VersionDrawer } from "./version-drawer";
import { evaluateVersionsHref } from "@/lib/evaluations/runs/links";
import { VersionTable } from "./version-table";
import { GateStateCell, ReleaseGatePanel } from "./release-gate-panel";
import { releaseGateQueries } from "@/lib/client/queries/release-gates";
import { VersionsSkeleton } from "./versions-skeleton";
import { apiErrorMessage } from "@/lib/client/api-error-message";

/**
 * The preset's versions: who made each, which one is designated, any version opened read-only, any
 * two compared, and any old one restored as a new version (history is never rewritten). A chunk of its own
 * (the diffs, the drawer and dialogs), fetched when the History tab is pointed at, focused or opened.
 */
export function PresetHistory({ slug, preset, canEdit }: { slug: string; preset: PresetWithDesignatedVersion; canEdit: boolean }) {
  const versions = useQuery(presetQueries.versions(slug));
  const audit = useQuery(presetQueries.audit(slug));
  const gate = useQuery(releaseGateQueries.state(slug));
  const [params, setParams] = useQueryStates(studioSearchParams);
  const [restoreTarget, setRestoreTarget] = useState<PresetVersion | null>(null);
  const [restoreMessage, setRestoreMessage] = useState<string | null>(null);

  const list = versions.data ?? [];
  const newestFirst = [...list].reverse();
  // A gateway may leave designated_version_id out; the designated version still names itself.
  const designatedId = preset.designated_version_id ?? preset.designated_version?.id ?? null;
  const designatedNumber = preset.designated_version?.version ?? list.at(-1)?.version ?? 1;
  const opened = params.version !== null ? (list.find((version) => version.version === params.version) ?? null) : null;

  const restore = useRestoreVersion(slug, designatedId, (envelope, version) => {
    setRestoreTarget(null);
    setRestoreMessage(`Version ${version.version} restored as version ${envelope.data.designated_version?.version ?? "?"}.${saveCheckNote(envelope)}`);
    void setParams({ version: null });
  });

  const compare = (from: number, to: number) => void setParams({ compare: { from, to }, tab: "history", version: null });

  if (versions.isPending) return <VersionsSkeleton />;
  if (versions.isError) {
    return (
      <EmptyState title="Could not load the versions" action={<Button onClick={() => void versions.refetch()}>Try again</Button>}>
        {apiErrorMessage(versions.error)}
      </EmptyState>
    );
  }

  return (
    <div className="space-y-6">
      {restoreMessage ? <NoticeBanner notice={restoreMessage} onDismiss={() => setRestoreMessage(null)} /> : null}

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

      <ReleaseGatePanel slug={slug} canEdit={canEdit} />

      <VersionTable
        slug={slug}
        versions={newestFirst}
        audit={audit.data}
        designatedId={designatedId}
        canEdit={canEdit}
        onView={(version) => void setParams({ version: version.version })}
        onCompare={(version) => compare(version.version, designatedNumber)}
        onRestore={setRestoreTarget}
        gateCell={gate.data?.gate ? (version) => <GateStateCell evaluation={gate.data.versions.find((e) => e.version === version)} /> : undefined}
      />

      <VersionDrawer
        version={opened}
        designated={opened?.id === designatedId}
        auditEntry={opened ? savedBy(audit.data, opened) : undefined}
        canEdit={canEdit}
        onClose={() => void setParams({ version: null })}
        onCompare={() => opened && compare(opened.version, designatedNumber)}
        onRestore={() => opened && setRestoreTarget(opened)}
        evaluateHref={opened && canEdit ? evaluateVersionsHref(slug, [opened.version, designatedNumber]) : undefined}
      />

      <RestoreDialog
        target={restoreTarget}
        error={restore.error}
        pending={restore.isPending}
        onConfirm={(version) => restore.mutate(version)}
        onClose={() => {
          setRestoreTarget(null);
          restore.reset();
        }}
      />
    </div>
  );
}
