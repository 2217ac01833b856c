import "server-only";
import { GenerationEnvelopeSchema } from "@/lib/contract/gateway";
import type { UsageGeneration } from "@/lib/contract/bff/usage";
import { upstreamJson } from "../upstream/upstream";

/** The gateway's record of one answer, GET /generation?id=: the only module that spells the path. */
const GENERATION_PATH = "/generation";

/** The gateway's generation record as the usage console's drill-down shows it (the upstream error when it fails). */
export async function generationRecord(id: string, signal?: AbortSignal): Promise<UsageGeneration> {
  const { data } = await upstreamJson({ method: "GET", path: `${GENERATION_PATH}?id=${encodeURIComponent(id)}`, signal }, GenerationEnvelopeSchema);
  const record = data.data;
  return {
    generation_id: record.id,
    provider: record.provider_name,
    latency_ms: record.latency,
    input_tokens: record.tokens_prompt,
    output_tokens: record.tokens_completion,
    cost_usd: record.total_cost,
    finish_reason: record.finish_reason,
  };
}

/**
 * What an answer cost according to the gateway's generation record, for an answer that carried no `usage.cost`
 * (the ledger settles from it); null when the gateway has no record (yet) or cannot be asked.
 */
export async function generationCost(id: string): Promise<{ costUsd: number; inputTokens: number | null; outputTokens: number | null } | null> {
  try {
    const { data } = await upstreamJson({ method: "GET", path: `${GENERATION_PATH}?id=${encodeURIComponent(id)}` }, GenerationEnvelopeSchema);
    return { costUsd: data.data.total_cost, inputTokens: data.data.tokens_prompt, outputTokens: data.data.tokens_completion };
  } catch {
    return null;
  }
}
