import { STOPWORDS } from "../search/stopwords";

/*
 * The gatehouse/judge model: grades by word overlap, so evaluation checks (an LLM judge, the
 * citation support check) run offline and give the same verdict every time. The protocol is fixed
 * (the evaluation runner writes its prompts to it); the input is the request's last user message:
 *
 *   <rubric>\n{rubric}\n</rubric>\n<answer>\n{answer}\n</answer>
 *     -> {"score": 0..1, "reasoning": "..."}   score = share of the rubric's content words in the answer
 *   <claim>\n{span}\n</claim>\n<source>\n{source text}\n</source>
 *     -> {"supported": bool, "score": 0..1, "reasoning": "..."}   score = share of the claim's content
 *        words in the source; supported when score >= 0.5
 *
 * Anything else gets {"score": 0, "reasoning": "cannot judge: ..."}. Content words: lower case runs of
 * letters and digits, at least 3 long, not a stop word, each counted once. A word is present when the
 * other text has exactly that word (no stemming: "page" does not match "pages").
 */

/** Function words that say nothing about content, on top of the search's stop words. */
const JUDGE_STOPWORDS: ReadonlySet<string> = new Set([
  ...STOPWORDS,
  ..."all any each other some such only own same very can will just should now its also than then once here there after before above below again further under over out off into onto upon must may might shall".split(" "),
]);

/** Score of a supported claim and above. */
const SUPPORT_THRESHOLD = 0.5;
/** Words the reasoning names in each list; the rest is counted ("and 12 more"). */
const NAMED_WORDS = 25;

const WORD = /[\p{L}\p{N}]+/gu;

function contentWords(text: string): string[] {
  const out = new Set<string>();
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0];
    if ([...word].length >= 3 && !JUDGE_STOPWORDS.has(word)) out.add(word);
  }
  return [...out];
}

function wordSet(text: string): Set<string> {
  return new Set(text.toLowerCase().match(WORD) ?? []);
}

/** The two texts of a `<a>\n…\n</a>\n<b>\n…\n</b>` input, or null when it is not one. */
function sections(input: string, first: string, second: string): [string, string] | null {
  const text = input.replace(/\r\n/g, "\n").trim();
  const open = `<${first}>\n`;
  const middle = `\n</${first}>\n<${second}>\n`;
  const close = `\n</${second}>`;
  if (!text.startsWith(open) || !text.endsWith(close)) return null;
  const at = text.indexOf(middle, open.length - 1);
  if (at < 0 || at + middle.length > text.length - close.length + 1) return null;
  const a = text.slice(open.length, at);
  const b = text.slice(at + middle.length, Math.max(at + middle.length, text.length - close.length));
  return [a, b];
}

function listWords(words: readonly string[]): string {
  if (words.length === 0) return "none";
  const named = words.slice(0, NAMED_WORDS).join(", ");
  return words.length > NAMED_WORDS ? `${named} and ${words.length - NAMED_WORDS} more` : named;
}

/** Rounded for the reply; verdicts are taken on the exact share. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

function overlap(of: string, within: string) {
  const words = contentWords(of);
  const present = wordSet(within);
  const matched = words.filter((word) => present.has(word));
  const missing = words.filter((word) => !present.has(word));
  return { words, matched, missing, share: words.length === 0 ? 0 : matched.length / words.length };
}

type JudgeVerdict =
  | { kind: "rubric"; score: number; reasoning: string }
  | { kind: "claim"; supported: boolean; score: number; reasoning: string }
  | { kind: "unknown"; score: 0; reasoning: string };

function judge(input: string): JudgeVerdict {
  const rubric = sections(input, "rubric", "answer");
  if (rubric) {
    const [criteria, answer] = rubric;
    const o = overlap(criteria, answer);
    if (o.words.length === 0) return { kind: "rubric", score: 0, reasoning: "The rubric has no content words (3 letters or more, not stop words), so nothing can be matched: score 0." };
    return {
      kind: "rubric",
      score: round(o.share),
      reasoning: `The answer contains ${o.matched.length} of the rubric's ${o.words.length} content words. Matched: ${listWords(o.matched)}. Missing: ${listWords(o.missing)}.`,
    };
  }
  const claim = sections(input, "claim", "source");
  if (claim) {
    const [span, source] = claim;
    const o = overlap(span, source);
    if (o.words.length === 0) {
      return { kind: "claim", supported: false, score: 0, reasoning: "The claim has no content words (3 letters or more, not stop words), so the source cannot support it: score 0." };
    }
    const supported = o.share >= SUPPORT_THRESHOLD;
    return {
      kind: "claim",
      supported,
      score: round(o.share),
      reasoning: `The source contains ${o.matched.length} of the claim's ${o.words.length} content words (${supported ? "supported" : "not supported"}: the threshold is ${SUPPORT_THRESHOLD}). Matched: ${listWords(o.matched)}. Missing: ${listWords(o.missing)}.`,
    };
  }
  return {
    kind: "unknown",
    score: 0,
    reasoning: "Cannot judge: the input is neither a <rubric> block followed by an <answer> block nor a <claim> block followed by a <source> block, so the score is 0.",
  };
}

/** The judge's reply text: exactly one JSON object. */
export function judgeReply(input: string): string {
  const verdict = judge(input);
  if (verdict.kind === "claim") return JSON.stringify({ supported: verdict.supported, score: verdict.score, reasoning: verdict.reasoning });
  return JSON.stringify({ score: verdict.score, reasoning: verdict.reasoning });
}
