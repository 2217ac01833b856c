import "server-only";
import type { EvaluationDesignateRequest, EvaluationDesignateResult } from "@/lib/contract/bff/evaluation-results";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { ChatRequestSchema, type PresetWithDesignatedVersion } from "@/lib/contract/gateway";
import { versionToRequest } from "@/lib/presets/form-values";
import { appContext } from "../config/app-context";
import { withinUserConcurrency } from "../config/user-limits";
import { HttpError } from "../http/errors";
import { loadRun } from "./evaluation-results";
import { assertMayWriteRun } from "./evaluation-runs";
import type { GatewayCharge } from "./gateway-charge";
import { readCurrentPreset, readPresetVersion, writePresetVersion } from "./presets";
import { gateForDesignation, recordDesignation } from "./release-gates";

/**
 * Designating a run's winner. The gateway has no "designated version" field to set: every save makes a new version
 * and that one is designated. So the winner's stored settings are saved again as a new version, exactly as the
 * studio's "restore" does (components/presets/history/use-restore-version.ts), through the same save path as the
 * studio's save (handlers/presets.ts savePreset): the preset's save lock, the expected current version checked
 * (409 when stale), If-Match passed on, and an audit row, here with a note linking to the run's results.
 */

function designatedIdOf(preset: PresetWithDesignatedVersion | null): string | null {
  return preset?.designated_version_id ?? preset?.designated_version?.id ?? null;
}

function conflict(preset: PresetWithDesignatedVersion | null, message: string): HttpError {
  return new HttpError(409, message, {
    metadata: { current_version: preset?.designated_version?.version ?? null, designated_version_id: designatedIdOf(preset), issues: [{ path: "expected_version", message }] },
  });
}

/** The results page of a run, the link the audit note carries. */
function resultsPathOf(runId: string): string {
  return `/evaluations/runs/${runId}/results`;
}

export async function designateWinner(charge: GatewayCharge, user: SessionUser, runId: string, body: EvaluationDesignateRequest, signal: AbortSignal): Promise<EvaluationDesignateResult> {
  const run = await loadRun(runId);
  assertMayWriteRun(user, run.row, "designate a version from");
  const presets = run.versions.map((version) => version.preset).filter((preset) => preset !== null);
  const winner = presets.find((preset) => preset.version === body.version);
  if (!winner) {
    const tried = presets.map((preset) => `${preset.slug} v${preset.version}`).join(", ") || "no preset versions";
    const message = `the run did not try version ${body.version} of a preset (it tried ${tried})`;
    throw new HttpError(400, `version: ${message}`, { metadata: { issues: [{ path: "version", message }] } });
  }
  const { slug } = winner;
  const resultsUrl = resultsPathOf(runId);
  // The preset's release gate first (409 naming what is unmet, unless an admin overrides with a reason).
  const override = await gateForDesignation(user, slug, runId, winner.version, body.override_reason, signal);
  const note = `Designated from evaluation run ${runId}: ${resultsUrl}${override === null ? "" : ` · release gate overridden by an admin: ${override}`}`;
  // One point of the user's limit for the version read; the save and its checks are the route's own point.
  const stored = await readPresetVersion(charge, slug, winner.version, { signal });
  const request = ChatRequestSchema.safeParse(versionToRequest(stored));
  if (!request.success) throw new HttpError(502, `Version ${winner.version} of "${slug}" as the gateway stores it cannot be saved again`);

  const { db, audit } = await appContext();
  return withinUserConcurrency("preset-saves", user.id, () =>
    db.serialize(`preset-save:${slug}`, async (lockConnection) => {
      const current = await readCurrentPreset(slug, signal);
      if (!current) throw conflict(null, `The preset "${slug}" no longer exists`);
      const currentVersion = current.designated_version?.version ?? null;
      if (currentVersion !== body.expected_version) {
        throw conflict(current, `"${slug}" was changed by someone else since you opened the results: it is now at version ${currentVersion ?? "?"}, not ${body.expected_version}`);
      }
      const ifMatch = designatedIdOf(current);
      let saved;
      try {
        // Not cancelled with the browser's request: a version saved without its audit row must never be left behind.
        ({ data: saved } = await writePresetVersion(slug, request.data, ifMatch));
      } catch (error) {
        if (error instanceof HttpError && (error.status === 409 || error.status === 412)) {
          const now = await readCurrentPreset(slug, signal).catch(() => null);
          throw conflict(now, `"${slug}" was changed by someone else while you saved: it is now at version ${now?.designated_version?.version ?? "?"}`);
        }
        throw error;
      }
      const savedVersion = saved.data.designated_version?.version ?? 0;
      const savedId = designatedIdOf(saved.data);
      await audit.recordPresetWrite({ slug, version: savedVersion, versionId: savedId, user, note }, lockConnection);
      await recordDesignation({ slug, fromVersion: currentVersion, toVersion: savedVersion, sourceVersion: winner.version, runId, overrideReason: override, user }, lockConnection);
      return { slug, from_version: winner.version, saved_version: savedVersion, saved_version_id: savedId, note, results_url: resultsUrl };
    }),
  );
}
