import { STOPWORDS } from "../search/stopwords";

/*
 * The gatehouse/judge model, the "demo judge": grades by word overlap, so evaluation checks (an LLM judge, the
 * citation support check) run offline and give the same verdict every time. The protocol is fixed
 * (the evaluation runner writes its prompts to it); the input is the request's last user message:
 *
 *   [<question>] [<expected>] <rubric> <answer>, or <question> <expected> <answer>
 *     -> {"score": 0..1, "reasoning": "..."}   score = mean of the shares of the expected answer's and the
 *        question's content words found in the answer (the rubric's words only when neither is given)
 *   [<question>] [<sentence>] <claim> <source>
 *     -> {"supported": bool, "relevant": bool, "score": 0..1, "reasoning": "..."}   score = share of the
 *        sentence's (else the claim's) content words in the source, supported at >= 0.5; relevant when the
 *        source holds >= 0.2 of the question's content words
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

/** Parts the protocol knows, in this order, in `<tag>\n…\n</tag>` blocks joined by line breaks. */
const TAGS = ["question", "expected", "rubric", "answer", "sentence", "claim", "source"];

/**
 * The tagged parts of an input, or null when it is not a sequence of known `<tag>\n…\n</tag>` blocks. Tag markers
 * inside the texts are escaped by the caller (lib/evaluations' judge protocol), so the first closing marker ends a part.
 */
function parts(input: string): Map<string, string> | null {
  const text = input.replace(/\r\n/g, "\n").trim();
  const out = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    if (text[at] !== "<") return null;
    const close = text.indexOf(">\n", at);
    if (close < 0) return null;
    const tag = text.slice(at + 1, close);
    // Known tags only, each once, in the protocol's order.
    if (!TAGS.includes(tag) || out.has(tag) || [...out.keys()].some((seen) => TAGS.indexOf(seen) > TAGS.indexOf(tag))) return null;
    const bodyStart = close + 2;
    // An empty part is `<tag>\n\n</tag>`: its closing marker starts right at the body.
    const end = text.startsWith(`</${tag}>`, bodyStart) ? bodyStart - 1 : text.indexOf(`\n</${tag}>`, bodyStart - 1);
    if (end < 0) return null;
    out.set(tag, text.slice(bodyStart, Math.max(bodyStart, end)));
    at = end + `\n</${tag}>`.length;
    if (text[at] === "\n") at += 1;
  }
  return out;
}

/** Every demo verdict says what it is, so no page mistakes word counting for a model's judgement. */
const DEMO = "Demo judge (word overlap, not a language model):";
/** A source with at least this share of the question's content words is about the question. */
const RELEVANCE_THRESHOLD = 0.2;

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
  | { kind: "claim"; supported: boolean; relevant?: boolean; score: number; reasoning: string }
  | { kind: "unknown"; score: 0; reasoning: string };

function gradeAnswer(answer: string, question: string | undefined, expected: string | undefined): { score: number; reasoning: string } | null {
  const said: string[] = [];
  const shares: number[] = [];
  if (expected !== undefined && contentWords(expected).length > 0) {
    const o = overlap(expected, answer);
    shares.push(o.share);
    said.push(`the answer has ${o.matched.length} of the expected answer's ${o.words.length} content words (missing: ${listWords(o.missing)})`);
  }
  if (question !== undefined && contentWords(question).length > 0) {
    const o = overlap(question, answer);
    shares.push(o.share);
    said.push(`it uses ${o.matched.length} of the question's ${o.words.length} content words (missing: ${listWords(o.missing)})`);
  }
  if (shares.length === 0) return null;
  const score = shares.reduce((a, b) => a + b, 0) / shares.length;
  return { score: round(score), reasoning: `${DEMO} ${said.join("; ")}.` };
}

function judge(input: string): JudgeVerdict {
  const p = parts(input);
  const answer = p?.get("answer");
  if (p && answer !== undefined && (p.has("rubric") || p.has("expected"))) {
    const question = p.get("question");
    const expected = p.get("expected");
    // With the question (and the expected answer) at hand, grade those: a rubric's own wording says little to a word counter.
    // An `expected` request (no rubric) asks only whether the answer states what the expected answer says.
    const graded = p.has("rubric") ? gradeAnswer(answer, question, expected) : gradeAnswer(answer, undefined, expected ?? "");
    if (graded) return { kind: "rubric", ...graded };
    const criteria = p.get("rubric") ?? "";
    const o = overlap(criteria, answer);
    if (o.words.length === 0) return { kind: "rubric", score: 0, reasoning: `${DEMO} the rubric has no content words (3 letters or more, not stop words), so nothing can be matched: score 0.` };
    return {
      kind: "rubric",
      score: round(o.share),
      reasoning: `${DEMO} the answer contains ${o.matched.length} of the rubric's ${o.words.length} content words. Matched: ${listWords(o.matched)}. Missing: ${listWords(o.missing)}.`,
    };
  }
  const source = p?.get("source");
  const claim = p?.get("claim");
  if (p && source !== undefined && claim !== undefined) {
    // The sentence the citation is attached to is what must be supported, not only the quoted span.
    const sentence = p.get("sentence") ?? claim;
    const o = overlap(sentence, source);
    const question = p.get("question");
    const relevance = question === undefined ? null : overlap(question, source);
    const relevant = relevance === null || relevance.words.length === 0 ? undefined : relevance.share >= RELEVANCE_THRESHOLD;
    const about = relevance === null || relevant === undefined ? "" : ` It holds ${relevance.matched.length} of the question's ${relevance.words.length} content words (${relevant ? "relevant" : "off topic"}).`;
    if (o.words.length === 0) {
      return { kind: "claim", supported: false, relevant, score: 0, reasoning: `${DEMO} the sentence has no content words (3 letters or more, not stop words), so the source cannot support it: score 0.${about}` };
    }
    const supported = o.share >= SUPPORT_THRESHOLD;
    return {
      kind: "claim",
      supported,
      relevant,
      score: round(o.share),
      reasoning: `${DEMO} the source contains ${o.matched.length} of the sentence's ${o.words.length} content words (${supported ? "supported" : "not supported"}: the threshold is ${SUPPORT_THRESHOLD}). Missing: ${listWords(o.missing)}.${about}`,
    };
  }
  return {
    kind: "unknown",
    score: 0,
    reasoning: `${DEMO} cannot judge: the input is neither a <rubric> or <expected> block with an <answer> block nor a <claim> block with a <source> block, so the score is 0.`,
  };
}

/** The judge's reply text: exactly one JSON object. */
export function judgeReply(input: string): string {
  const verdict = judge(input);
  if (verdict.kind === "claim") return JSON.stringify({ supported: verdict.supported, ...(verdict.relevant === undefined ? {} : { relevant: verdict.relevant }), score: verdict.score, reasoning: verdict.reasoning });
  return JSON.stringify({ score: verdict.score, reasoning: verdict.reasoning });
}
