import { createHash } from "node:crypto";

/*
 * How a request's settings shape an extractive answer, deterministically: the same request gives
 * the same answer every time (the noise floor of an evaluation is then zero unless asked for), and a
 * change of system prompt, temperature, seed, search context size or model gives a visibly different
 * one. Nothing here is random: every "draw" is a hash of the settings and what it is drawn for.
 *
 * - instructions (the preset's system prompt): their words pick the answer's length ("brief",
 *   "concise", "short" halve it; "thorough", "detailed", "comprehensive" add two sentences), its form
 *   ("bullet" or "list" makes a list of a short answer), a closing comparison of the sources when
 *   they mention disagreeing sources ("disagree", "conflict", "contradict"), and the wording;
 * - temperature: how far the sentence choice strays from the best-scored sentences (0 or absent:
 *   not at all); with it, which sentences and sources are quoted changes;
 * - seed (an integer in the request, our extension): another draw for repeats of one request; it
 *   only matters with a temperature above 0, as with real models;
 * - search_context_size (web search tool): low quotes one sentence a source and gives short
 *   annotation contents, high two sentences more and longer contents; max_characters caps a content.
 */

export type ContextSize = "low" | "medium" | "high";

export interface VariationSettings {
  modelId: string;
  instructions: string | null;
  temperature: number | null;
  topP: number | null;
  seed: number | null;
  contextSize: ContextSize;
  maxCharacters: number | null;
}

export interface AnswerVariation {
  /** 0: the wording an unconfigured request gets; otherwise chosen by the settings' hash. */
  wording: number;
  /** Added to or taken from the model's number of quoted sentences. */
  sentenceDelta: number;
  /** Multiplier of the model's sentences (brief answers). */
  sentenceFactor: number;
  /** How much a sentence's score may move (temperature × 8 points; a matched query word is 10). */
  noise: number;
  bullets: boolean;
  compareSources: boolean;
  contextSize: ContextSize;
  /** Most characters of an annotation's content. */
  contentChars: number;
  /** Deterministic draw in [0, 1) for what is named by `parts`. */
  draw: (...parts: (string | number)[]) => number;
}

const BRIEF = ["brief", "concise", "short", "succinct"];
const THOROUGH = ["thorough", "detailed", "comprehensive", "in depth", "in-depth"];
const BULLETS = ["bullet", "list"];
const DISAGREE = ["disagree", "conflict", "contradict"];

const mentions = (text: string, words: readonly string[]) => words.some((word) => text.includes(word));

function hashOf(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

const CONTENT_CHARS: Record<ContextSize, number> = { low: 160, medium: 300, high: 600 };

export function answerVariation(settings: VariationSettings): AnswerVariation {
  const instructions = (settings.instructions ?? "").toLowerCase();
  const temperature = settings.temperature ?? 0;
  const configured = instructions.trim() !== "" || temperature > 0 || settings.topP !== null;
  // The seed counts only with a temperature: at 0 a model answers the same whatever the seed.
  const key = JSON.stringify([settings.modelId, instructions, temperature, settings.topP, temperature > 0 ? settings.seed : null]);
  const digest = hashOf(key);
  const draw = (...parts: (string | number)[]) => hashOf(`${key}\u0000${parts.join("\u0000")}`).readUInt32BE(0) / 2 ** 32;
  const contentChars = Math.min(CONTENT_CHARS[settings.contextSize], settings.maxCharacters ?? Infinity);
  return {
    wording: configured ? 1 + (digest.readUInt32BE(0) % (WORDINGS - 1)) : 0,
    sentenceDelta: mentions(instructions, THOROUGH) ? 2 : 0,
    sentenceFactor: mentions(instructions, BRIEF) ? 0.5 : 1,
    noise: Math.min(2, temperature) * 8,
    bullets: mentions(instructions, BULLETS),
    compareSources: mentions(instructions, DISAGREE),
    contextSize: settings.contextSize,
    contentChars: Math.max(40, contentChars),
    draw,
  };
}

/** The variation of a request that sets nothing: the answers the embedded models always gave. */
export const PLAIN_VARIATION: AnswerVariation = answerVariation({
  modelId: "",
  instructions: null,
  temperature: null,
  topP: null,
  seed: null,
  contextSize: "medium",
  maxCharacters: null,
});

/** Wordings of the answer's frame; index 0 is the plain one. */
const WORDINGS = 4;

export function openerShort(wording: number): string {
  return ["Here is what the sources say. ", "According to the sources: ", "In short, from what I found: ", "The search turned up the following. "][wording % WORDINGS];
}

export function openerGrouped(wording: number, quoted: string, sources: number): string {
  const n = `${sources} ${sources === 1 ? "source" : "sources"}`;
  return [
    `I searched the web for “${quoted}” and quote ${n} below.`,
    `Searching for “${quoted}” found ${n}; their relevant sentences follow.`,
    `Here is what ${n} say about “${quoted}”.`,
    `For “${quoted}”, I read ${n} and quote them below.`,
  ][wording % WORDINGS];
}

export function closerGrouped(wording: number): string {
  return [
    "Each sentence above is quoted from the source named in its heading.",
    "Every quoted sentence comes from the source in its heading.",
    "All of the above is quoted verbatim from the sources named.",
    "The headings name the source of each quotation.",
  ][wording % WORDINGS];
}
