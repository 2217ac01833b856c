"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { RelativeTime } from "@/components/ui/relative-time";
import type { PresetAuditEntry } from "@/lib/contract/bff/schemas";
import type { PresetVersion } from "@/lib/contract/gateway";
import { JsonCodeEditor } from "../json-code-editor";

/** One version opened read-only, with Compare and Restore. */
export function VersionDrawer({
  version,
  designated,
  auditEntry,
  canEdit,
  onClose,
  onCompare,
  onRestore,
  evaluateHref,
}: {
  version: PresetVersion | null;
  designated: boolean;
  auditEntry: PresetAuditEntry | undefined;
  canEdit: boolean;
  onClose: () => void;
  onCompare: () => void;
  onRestore: () => void;
  /** "Evaluate this version": the New run page with this version and the designated one (editors only). */
  evaluateHref?: string;
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
              {evaluateHref ? (
                <Button asChild size="sm">
                  <Link href={evaluateHref}>Evaluate this version</Link>
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
