/**
 * A run's default name: its versions, then its set ("web-research v2 vs v3 · Capitals"). Labels of one preset are
 * shortened after the first ("web-research v2 vs v3"); models are named as they are. Pure, so the server writes it
 * when a run starts and the pages show the same for runs recorded before names existed.
 */

/** Names are bounded like a set's name. */
const RUN_NAME_MAX = 200;

const PRESET_LABEL = /^(.*) (v\d+)$/;

export function defaultRunName(labels: readonly string[], setName?: string | null): string {
  const parts: string[] = [];
  let previousPreset: string | null = null;
  for (const label of labels) {
    const match = PRESET_LABEL.exec(label);
    if (match && match[1] === previousPreset) parts.push(match[2]);
    else parts.push(label);
    previousPreset = match ? match[1] : null;
  }
  const name = `${parts.join(" vs ")}${setName ? ` · ${setName}` : ""}`;
  return name.length > RUN_NAME_MAX ? `${name.slice(0, RUN_NAME_MAX - 1)}…` : name;
}

/** The name a run shows: its stored one, else the default from its plan's labels. */
export function runNameOf(stored: string | null | undefined, plan: unknown): string {
  if (stored) return stored;
  const versions = (plan as { versions?: { label?: unknown }[] } | null)?.versions ?? [];
  return defaultRunName(versions.map((version, index) => (typeof version.label === "string" ? version.label : `version ${index + 1}`)));
}
