import { checkCitationSupport, type CitationVerdict } from "@/lib/evaluations/citation-support";
import type { JudgeFn } from "@/lib/evaluations/judge-protocol";
import { plantedFault, type CitationFault, type CitationFaultRates } from "@/lib/embedded-gateway/responder/citation-faults";
import { callItem, type SendResponses } from "../item-call";

/*
 * How well the citation checks find what the embedded gateway planted (EMBEDDED_GATEWAY_CITATION_FAULTS): each
 * question is answered through the gateway (an extractive model with web search), its citations checked by
 * lib/evaluations' citation support with the gateway's judge, and each verdict compared with the fault planted on that
 * citation (recomputed from the same seed). Shared by the unit test and `npm run bench:evaluation-checks`.
 */

export interface Agreement {
  /** Citations the truth marks. */
  positives: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** TP / (TP + FP); null when nothing was flagged. */
  precision: number | null;
  /** TP / (TP + FN); null when nothing was planted. */
  recall: number | null;
}

export interface CitationAgreement {
  answers: number;
  citations: number;
  planted: Record<CitationFault, number>;
  /** "invented" verdicts against planted invented citations. */
  invented: Agreement;
  /** "unsupported" verdicts against planted faults of any kind (none of them supports its sentence). */
  unsupported: Agreement;
  /** "off topic" (relevant: false) verdicts against planted off-topic citations. */
  offTopic: Agreement;
}

function agreement(pairs: ReadonlyArray<{ truth: boolean; flagged: boolean }>): Agreement {
  const truePositives = pairs.filter((p) => p.truth && p.flagged).length;
  const falsePositives = pairs.filter((p) => !p.truth && p.flagged).length;
  const falseNegatives = pairs.filter((p) => p.truth && !p.flagged).length;
  return {
    positives: truePositives + falseNegatives,
    truePositives,
    falsePositives,
    falseNegatives,
    precision: truePositives + falsePositives === 0 ? null : truePositives / (truePositives + falsePositives),
    recall: truePositives + falseNegatives === 0 ? null : truePositives / (truePositives + falseNegatives),
  };
}

/** A judge over the gateway's /responses with the given model. */
function judgeThrough(send: SendResponses, model: string): JudgeFn {
  return async (request, signal) => {
    const reply = await callItem(send, { model, instructions: request.instructions, input: request.input, temperature: 0 }, signal ?? new AbortController().signal);
    if (reply.kind !== "done") throw new Error(`judge failed: ${reply.error.message}`);
    return reply.result.answer;
  };
}

export async function measureCitationAgreement(options: {
  send: SendResponses;
  rates: CitationFaultRates;
  questions: readonly string[];
  model?: string;
  judgeModel?: string;
}): Promise<CitationAgreement> {
  const judge = judgeThrough(options.send, options.judgeModel ?? "gatehouse/judge");
  const rows: Array<{ truth: CitationFault | null; verdict: CitationVerdict }> = [];
  let answers = 0;
  for (const question of options.questions) {
    const outcome = await callItem(options.send, { model: options.model ?? "gatehouse/scholar", input: question, plugins: [{ id: "web", max_results: 5 }] }, new AbortController().signal);
    if (outcome.kind !== "done") throw new Error(`the gateway failed on "${question}": ${outcome.error.message}`);
    answers += 1;
    const support = await checkCitationSupport(outcome.result, judge, undefined, { question });
    for (const verdict of support.verdicts) rows.push({ truth: plantedFault(options.rates, question, verdict.index), verdict });
  }
  const planted = { invented: 0, unsupported: 0, off_topic: 0 };
  for (const row of rows) if (row.truth) planted[row.truth] += 1;
  return {
    answers,
    citations: rows.length,
    planted,
    invented: agreement(rows.map((r) => ({ truth: r.truth === "invented", flagged: r.verdict.invented === true }))),
    unsupported: agreement(rows.map((r) => ({ truth: r.truth !== null, flagged: !r.verdict.supported }))),
    offTopic: agreement(rows.map((r) => ({ truth: r.truth === "off_topic", flagged: r.verdict.relevant === false }))),
  };
}
