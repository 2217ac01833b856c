import { createRng } from "../random";
import type { Citation } from "./compose";

/*
 * Planted citation faults, for measuring the evaluation's citation checks against a known truth
 * (EMBEDDED_GATEWAY_CITATION_FAULTS="unsupported=0.2,off_topic=0.1,invented=0.1,seed=7"). Each citation of an
 * answer draws once from a generator seeded by the seed, the question and the citation's position, so the same
 * question gets the same faults every time and anyone holding the setting can recompute the truth (`plantedFault`).
 *
 *   invented:    the URL is replaced by one the search never returned (its text is kept: only the URL lies)
 *   unsupported: the URL stays, the cited text becomes a passage that says nothing of the sentence
 *   off_topic:   the citation points at an off-topic page, which the search results then include
 */

export type CitationFault = "invented" | "unsupported" | "off_topic";

export interface CitationFaultRates {
  invented: number;
  unsupported: number;
  off_topic: number;
  seed: number;
}

/** The off-topic page a planted off-topic citation points at; it joins the search results of an answer that cites it. */
export const OFF_TOPIC_SOURCE = {
  url: "https://eslint.org/docs/latest/rules/no-unused-vars",
  title: "no-unused-vars - ESLint - Pluggable JavaScript Linter",
  content: "Disallow unused variables. Variables that are declared and not used anywhere in the code are most likely an error due to incomplete refactoring.",
} as const;

/** Unrelated text a planted unsupported citation carries as its source. */
const UNRELATED_TEXT = "Tomatoes grow best in full sun with regular watering; pinch out side shoots and feed weekly once the first truss has set.";

/** Reads the setting; null when unset. Throws naming the setting on a malformed value. */
export function parseCitationFaults(raw: string | undefined): CitationFaultRates | null {
  if (raw === undefined || raw.trim() === "") return null;
  const rates: CitationFaultRates = { invented: 0, unsupported: 0, off_topic: 0, seed: 1 };
  for (const part of raw.split(",")) {
    const [key, value] = part.split("=").map((s) => s.trim());
    const n = Number(value);
    if (key === "seed" && Number.isSafeInteger(n)) rates.seed = n;
    else if ((key === "invented" || key === "unsupported" || key === "off_topic") && Number.isFinite(n) && n >= 0 && n <= 1) rates[key] = n;
    else throw new Error(`EMBEDDED_GATEWAY_CITATION_FAULTS: "${part}" is not invented=, unsupported=, off_topic= (0 to 1) or seed= (an integer)`);
  }
  if (rates.invented + rates.unsupported + rates.off_topic > 1) throw new Error("EMBEDDED_GATEWAY_CITATION_FAULTS: the rates add up to more than 1");
  return rates;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The fault planted on citation `index` of the answer to `query`, or null: the truth the bench compares with. */
export function plantedFault(rates: CitationFaultRates, query: string, index: number): CitationFault | null {
  const draw = createRng((rates.seed ^ hash(query) ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0).next();
  if (draw < rates.invented) return "invented";
  if (draw < rates.invented + rates.unsupported) return "unsupported";
  if (draw < rates.invented + rates.unsupported + rates.off_topic) return "off_topic";
  return null;
}

/** The answer's citations with their faults planted, and whether the off-topic page must join the search results. */
export function plantCitationFaults(rates: CitationFaultRates, query: string, citations: readonly Citation[]): { citations: Citation[]; offTopicCited: boolean } {
  let offTopicCited = false;
  const out = citations.map((citation, index) => {
    switch (plantedFault(rates, query, index)) {
      case "invented":
        return { ...citation, url: `https://invented-${hash(`${query}#${index}`).toString(36)}.example/${citation.url.replace(/^https?:\/\//, "").slice(0, 80)}` };
      case "unsupported":
        return { ...citation, content: UNRELATED_TEXT };
      case "off_topic":
        offTopicCited = true;
        return { ...citation, url: OFF_TOPIC_SOURCE.url, title: OFF_TOPIC_SOURCE.title, content: OFF_TOPIC_SOURCE.content };
      case null:
        return citation;
    }
  });
  return { citations: out, offTopicCited };
}
