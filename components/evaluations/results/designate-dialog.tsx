"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent } from "@/components/ui/dialog";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { designateVersion } from "@/lib/client/queries/evaluation-results";
import { presetKeys, presetQueries } from "@/lib/client/queries/presets";
import type { EvalResultVersion } from "@/lib/contract/bff/evaluation-results";

/**
 * Confirms making a preset version of the run the designated one (editors). The gateway designates the newest save,
 * so this saves the winner's settings as a new version; the dialog says so, then links to the studio.
 */
export function DesignateDialog({ runId, version, onClose }: { runId: string; version: EvalResultVersion; onClose: () => void }) {
  const preset = version.preset!;
  const queryClient = useQueryClient();
  const current = useQuery(presetQueries.detail(preset.slug));
  const designated = current.data?.designated_version?.version ?? null;
  const designate = useMutation({
    mutationFn: () => designateVersion(runId, preset.version, designated ?? preset.version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presetKeys.detail(preset.slug) }),
  });
  const already = designated === preset.version;

  return (
    <Dialog open onOpenChange={(open) => !open && !designate.isPending && onClose()}>
      <DialogContent title={`Make ${version.label} the designated version`}>
        <div className="space-y-3 text-sm">
          {designate.data ? (
            <p role="status" data-testid="designate-done">
              Saved as version {designate.data.saved_version} of {designate.data.slug}, now the designated version (settings of v{designate.data.from_version}).{" "}
              <Link href={`/presets/${encodeURIComponent(designate.data.slug)}`} className="font-medium text-brand-700 underline dark:text-brand-400">
                Open {designate.data.slug} in the preset studio
              </Link>
            </p>
          ) : (
            <p>
              The preset <strong>{preset.slug}</strong> is at designated version {designated ?? "…"}. This saves the settings of version {preset.version} as a new
              version of {preset.slug}, which becomes the designated one that callers of <code>@preset/{preset.slug}</code> get. The note links back to these results.
              {already ? " Version " + preset.version + " is already the designated version." : ""}
            </p>
          )}
          {current.isError ? <Alert>{apiErrorMessage(current.error)}</Alert> : null}
          {designate.isError ? <Alert>{apiErrorMessage(designate.error)}</Alert> : null}
          <DialogActions cancelDisabled={designate.isPending}>
            {designate.data ? (
              <Button variant="primary" onClick={onClose}>
                Done
              </Button>
            ) : (
              <Button variant="primary" disabled={designated === null || designate.isPending || already} onClick={() => designate.mutate()}>
                {designate.isPending ? "Saving…" : `Make v${preset.version} designated`}
              </Button>
            )}
          </DialogActions>
        </div>
      </DialogContent>
    </Dialog>
  );
}
