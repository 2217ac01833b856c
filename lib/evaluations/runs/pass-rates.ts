/**
 * The runs list's pass rate per version ("v2 13% · v3 93%"): each version's label shortened by what all of a run's
 * labels share ("web-research v2", "web-research v3" → "v2", "v3"), so the column fits 360 px, and its share of
 * ended items that passed. Pure.
 */

export interface VersionPasses {
  label: string;
  /** Items that ended (done or failed) and those that passed. */
  ended: number;
  passed: number;
}

export interface VersionPassRate {
  /** The version's label without the words every label of the run starts with. */
  short: string;
  label: string;
  /** "13%", or "–" while no item ended. */
  rate: string;
  /** In words, for screen readers: "web-research v2: 4 of 30 passed". */
  detail: string;
}

/** The words (space-separated) every label starts with, when every label keeps something after them. */
function sharedLead(labels: readonly string[]): string {
  if (labels.length < 2) return "";
  const words = labels.map((label) => label.split(" "));
  let shared = 0;
  while (words.every((w) => w.length > shared + 1 && w[shared] === words[0][shared])) shared++;
  return shared === 0 ? "" : `${words[0].slice(0, shared).join(" ")} `;
}

export function versionPassRates(versions: readonly VersionPasses[]): VersionPassRate[] {
  const lead = sharedLead(versions.map((version) => version.label));
  return versions.map(({ label, ended, passed }) => ({
    label,
    short: label.slice(lead.length),
    rate: ended === 0 ? "–" : `${Math.round((100 * passed) / ended)}%`,
    detail: ended === 0 ? `${label}: nothing ended yet` : `${label}: ${passed} of ${ended} passed`,
  }));
}
