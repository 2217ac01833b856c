"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { ApiError } from "@/lib/client/api-client";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { useHasRole } from "@/lib/client/current-user";
import { designateVersion } from "@/lib/client/queries/evaluation-results";
import { presetKeys, presetQueries } from "@/lib/client/queries/presets";
import type { EvaluationResultVersion } from "@/lib/contract/bff/evaluation-results";

/** A 409 from the preset's release gate carries the unmet thresholds (not a stale version, which carries current_version). */
function gateRefusal(error: unknown): { message: string }[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const unmet = error.metadata?.unmet;
  return Array.isArray(unmet) ? (unmet as { message: string }[]) : null;
}

/**
 * Confirms making a preset version of the run the designated one (editors). The gateway designates the newest save,
 * so this saves the winner's settings as a new version; the dialog says so, then links to the studio. A preset
 * with a release gate refuses a version that does not meet it: the dialog lists what is unmet, and an admin may
 * override with a reason.
 */
export function DesignateDialog({ runId, version, onClose }: { runId: string; version: EvaluationResultVersion; onClose: () => void }) {
  const preset = version.preset!;
  const queryClient = useQueryClient();
  const admin = useHasRole("admin");
  const [reason, setReason] = useState("");
  const current = useQuery(presetQueries.detail(preset.slug));
  const designated = current.data?.designated_version?.version ?? null;
  const designate = useMutation({
    mutationFn: (override?: string) => designateVersion(runId, preset.version, designated ?? preset.version, override),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presetKeys.detail(preset.slug) }),
  });
  const already = designated === preset.version;
  const unmet = gateRefusal(designate.error);
  const done = designate.data;

  return (
    <Dialog open onOpenChange={(open) => !open && !designate.isPending && onClose()}>
      <DialogContent title={`Make ${version.label} the designated version`}>
        <div className="space-y-3 text-sm">
          {done ? (
            <>
              <p role="status" data-testid="designate-done">
                Saved as version {done.saved_version} of {done.slug}, now the designated version (settings of v{done.from_version}).{" "}
                <Link href={`/presets/${encodeURIComponent(done.slug)}?tab=history`} className="font-medium text-brand-700 underline dark:text-brand-400">
                  Open {done.slug} in the preset studio
                </Link>
              </p>
              {/* Nothing is left to cancel: Done alone. */}
              <div className="flex justify-end">
                <Button variant="primary" onClick={onClose}>
                  Done
                </Button>
              </div>
            </>
          ) : (
            <>
              <p>
                The preset <strong>{preset.slug}</strong> is at designated version {designated ?? "…"}. This saves the settings of version {preset.version} as a
                new version of {preset.slug}, which becomes the designated one that callers of <code>@preset/{preset.slug}</code> get. The note links back to these
                results.
                {already ? ` Version ${preset.version} is already the designated version.` : ""}
              </p>
              {current.isError ? <Alert>{apiErrorMessage(current.error)}</Alert> : null}
              {unmet ? (
                <Alert data-testid="gate-refusal">
                  <p className="font-medium">v{preset.version} does not meet the release gate of {preset.slug} in this run:</p>
                  <ul className="mt-1 list-inside list-disc">
                    {unmet.map((u) => (
                      <li key={u.message}>{u.message}</li>
                    ))}
                  </ul>
                </Alert>
              ) : designate.isError ? (
                <Alert>{apiErrorMessage(designate.error)}</Alert>
              ) : null}
              {unmet && admin ? (
                <Field label="Reason to override the gate (admins; kept in the audit note)">
                  {(control) => <Textarea {...control} value={reason} maxLength={500} rows={2} onChange={(event) => setReason(event.target.value)} />}
                </Field>
              ) : null}
              <DialogActions cancelDisabled={designate.isPending}>
                {unmet && admin ? (
                  <Button variant="danger" disabled={designate.isPending || reason.trim() === ""} onClick={() => designate.mutate(reason.trim())}>
                    {designate.isPending ? "Saving…" : "Override the gate and designate"}
                  </Button>
                ) : (
                  <Button variant="primary" disabled={designated === null || designate.isPending || already} onClick={() => designate.mutate(undefined)}>
                    {designate.isPending ? "Saving…" : `Make v${preset.version} designated`}
                  </Button>
                )}
              </DialogActions>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
