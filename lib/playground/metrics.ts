import type { RunState } from "./run-state";

export interface RunMetrics {
  /** Time to first token: request sent -> first non-empty text delta. */
  ttftMs: number | null;
  totalMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  totalTokens: number | null;
  /** Output tokens over the generation time (first token -> end). */
  tokensPerSecond: number | null;
  /** USD, when the gateway reports it. */
  cost: number | null;
}

export function runMetrics(state: RunState, now?: number): RunMetrics {
  const { startedAt, firstTokenAt, endedAt, usage } = state;
  const end = endedAt ?? now ?? null;
  const ttftMs = startedAt !== null && firstTokenAt !== null ? firstTokenAt - startedAt : null;
  const totalMs = startedAt !== null && end !== null ? end - startedAt : null;
  const outputTokens = usage?.output_tokens ?? null;
  let tokensPerSecond: number | null = null;
  if (outputTokens !== null && firstTokenAt !== null && endedAt !== null) {
    const generationMs = endedAt - firstTokenAt;
    tokensPerSecond = generationMs > 0 ? (outputTokens * 1000) / generationMs : null;
  }
  return {
    ttftMs,
    totalMs,
    inputTokens: usage?.input_tokens ?? null,
    outputTokens,
    totalTokens: usage?.total_tokens ?? null,
    tokensPerSecond,
    cost: typeof usage?.cost === "number" ? usage.cost : null,
  };
}

export function formatMs(ms: number | null): string {
  if (ms === null) return "—";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export function formatRate(value: number | null): string {
  return value === null ? "—" : `${value.toFixed(1)} tok/s`;
}

export function formatCost(value: number | null): string {
  if (value === null) return "—";
  return `$${value < 0.01 ? value.toPrecision(2) : value.toFixed(4)}`;
}
