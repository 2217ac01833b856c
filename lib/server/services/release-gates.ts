import "server-only";
import type { ReleaseGate, ReleaseGateState, GateEvaluation, DesignationMove } from "@/lib/contract/bff/release-gates";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { ChatRequestSchema, type PresetWithDesignatedVersion } from "@/lib/contract/gateway";
import { evaluateGate } from "@/lib/evaluations/results/release-gate";
import { versionToRequest } from "@/lib/presets/form-values";
import { appContext } from "../config/app-context";
import { withinUserConcurrency } from "../config/user-limits";
import type { LockConnection } from "../db/app-db";
import { HttpError } from "../http/errors";
import { loadRun, type LoadedRun } from "./evaluation-results";
import type { GatewayCharge } from "./gateway-charge";
import { readCurrentPreset, readPresetVersion, writePresetVersion } from "./presets";

/**
 * A preset's release gate and the designated version's history. The gate decides whether a run's version may be
 * designated (evaluation-designate.ts asks `gateForDesignation` first); every designation and revert is one row of
 * designation_moves, written with the save's audit row under the preset's save lock.
 */

/** Finished runs of the gate's set read for the studio's per-version state (newest first). */
const GATE_RUNS_READ = 20;

const designatedIdOf = (preset: PresetWithDesignatedVersion | null) => preset?.designated_version_id ?? preset?.designated_version?.id ?? null;

/**
 * The versions that stand for the designated one in a run: its number and, when Gatehouse made it, the version
 * whose settings it carries (a designation saves the winner again under a new number).
 */
function baselineOf(designated: number | null, moves: readonly DesignationMove[]): number[] {
  if (designated === null) return [];
  const move = moves.find((candidate) => candidate.to_version === designated);
  return move && move.source_version !== designated ? [designated, move.source_version] : [designated];
}

function gateRunOf(run: LoadedRun) {
  return { run_id: run.row.id, name: run.header.name, status: run.row.status, set_id: run.row.set_id, versions: run.versions, grid: run.grid };
}

export async function readGateState(slug: string, signal: AbortSignal, runId?: string): Promise<ReleaseGateState> {
  const { releaseGates, evaluationRuns } = await appContext();
  const [gate, moves, current] = await Promise.all([releaseGates.gate(slug), releaseGates.moves(slug), readCurrentPreset(slug, signal)]);
  const designated = current?.designated_version?.version ?? null;
  const versions = new Map<number, GateEvaluation>();
  if (gate) {
    const rows = (await evaluationRuns.list({ setId: gate.set_id, limit: 200 })).filter((row) => row.status === "finished").slice(0, GATE_RUNS_READ);
    const baseline = baselineOf(designated, moves);
    for (const row of rows) {
      const run = await loadRun(row.id);
      for (const version of run.versions) {
        if (version.preset?.slug !== slug) continue;
        const evaluation = evaluateGate(gate, gateRunOf(run), slug, version.preset.version, baseline);
        const best = versions.get(version.preset.version);
        // Newest first: a later (older) run only replaces a failing verdict with a met one.
        if (!best || (!best.met && evaluation.met)) versions.set(version.preset.version, evaluation);
      }
    }
  }
  const state: ReleaseGateState = { slug, gate, designated_version: designated, versions: [...versions.values()].sort((a, b) => b.version - a.version), moves };
  if (gate && runId) {
    const run = await loadRun(runId);
    const baseline = baselineOf(designated, moves);
    state.run = run.versions.filter((version) => version.preset?.slug === slug).map((version) => evaluateGate(gate, gateRunOf(run), slug, version.preset!.version, baseline));
  }
  return state;
}

export async function saveGate(user: SessionUser, slug: string, gate: ReleaseGate | null, signal: AbortSignal): Promise<ReleaseGateState> {
  const { releaseGates, questionSets } = await appContext();
  if (gate) {
    if (!(await questionSets.get(gate.set_id))) throw new HttpError(400, `set_id: no question set ${gate.set_id}`, { metadata: { issues: [{ path: "set_id", message: "no such question set" }] } });
    await releaseGates.setGate(slug, gate, user.email);
  } else {
    await releaseGates.removeGate(slug);
  }
  return readGateState(slug, signal);
}

/**
 * Before a run's version is designated: with a gate, the run must meet it (409 naming each unmet threshold and the
 * run), unless an admin overrides with a reason. Returns the override reason that was used, if any.
 */
export async function gateForDesignation(user: SessionUser, slug: string, runId: string, version: number, overrideReason: string | undefined, signal: AbortSignal): Promise<string | null> {
  const { releaseGates } = await appContext();
  if (overrideReason !== undefined && user.role !== "admin") throw new HttpError(403, "Only an admin may override a release gate");
  const gate = await releaseGates.gate(slug);
  if (!gate) return null;
  const [moves, current, run] = await Promise.all([releaseGates.moves(slug), readCurrentPreset(slug, signal), loadRun(runId)]);
  const evaluation = evaluateGate(gate, gateRunOf(run), slug, version, baselineOf(current?.designated_version?.version ?? null, moves));
  if (evaluation.met) return null;
  if (overrideReason !== undefined) return overrideReason;
  const unmet = evaluation.unmet.map((u) => u.message).join("; ");
  throw new HttpError(409, `${slug} v${version} does not meet the preset's release gate in run “${run.header.name}” (${runId}): ${unmet}`, {
    metadata: { run_id: runId, version, unmet: evaluation.unmet, figures: evaluation.figures },
  });
}

/** The designation's move, written on the save lock's connection (with the audit row). */
export async function recordDesignation(
  move: { slug: string; fromVersion: number | null; toVersion: number; sourceVersion: number; runId: string; overrideReason: string | null; user: SessionUser },
  on: LockConnection,
): Promise<void> {
  await (await appContext()).releaseGates.recordMove(move, on);
}

function conflict(message: string, current: PresetWithDesignatedVersion | null): HttpError {
  return new HttpError(409, message, { metadata: { current_version: current?.designated_version?.version ?? null } });
}

/**
 * Undoes the newest move: the settings of the version designated before it are saved again (a save is how the
 * gateway designates), audited, and kept as a move that points at the one it undid. 409 when the preset moved since.
 */
export async function revertDesignation(charge: GatewayCharge, user: SessionUser, slug: string, moveId: number, signal: AbortSignal) {
  const { db, audit, releaseGates } = await appContext();
  const moves = await releaseGates.moves(slug);
  const move = moves.find((candidate) => candidate.id === moveId);
  if (!move) throw new HttpError(404, `${slug} has no designation move ${moveId}`);
  if (moves[0].id !== move.id) throw conflict(`Only the newest move of ${slug} can be reverted (move ${moves[0].id})`, null);
  if (move.from_version === null) throw conflict(`Nothing was designated before move ${moveId}: there is nothing to go back to`, null);
  const previous = move.from_version;
  const stored = await readPresetVersion(charge, slug, previous, { signal });
  const request = ChatRequestSchema.safeParse(versionToRequest(stored));
  if (!request.success) throw new HttpError(502, `Version ${previous} of "${slug}" as the gateway stores it cannot be saved again`);
  return withinUserConcurrency("preset-saves", user.id, () =>
    db.serialize(`preset-save:${slug}`, async (lockConnection) => {
      const current = await readCurrentPreset(slug, signal);
      if (current?.designated_version?.version !== move.to_version) {
        throw conflict(`${slug} moved since: it is at version ${current?.designated_version?.version ?? "?"}, not ${move.to_version}`, current);
      }
      const { data: saved } = await writePresetVersion(slug, request.data, designatedIdOf(current));
      const savedVersion = saved.data.designated_version?.version ?? 0;
      const note = `Reverted designation move ${move.id}: back to the settings of v${previous}`;
      await audit.recordPresetWrite({ slug, version: savedVersion, versionId: designatedIdOf(saved.data), user, note }, lockConnection);
      const recorded = await releaseGates.recordMove({ slug, fromVersion: move.to_version, toVersion: savedVersion, sourceVersion: previous, runId: null, revertsMove: move.id, user }, lockConnection);
      return { slug, saved_version: savedVersion, move: recorded };
    }),
  );
}
