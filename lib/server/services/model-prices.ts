import "server-only";
import { readPricing } from "@/lib/evaluations/estimate";
import type { CallPricing } from "../ledger/call-reserve";
import { readModelCatalog } from "./catalog";

/**
 * Models' prices and context lengths from the gateway's GET /models, kept for PRICES_TTL_MS, for what a playground
 * call reserves before it is made: one catalog read every few minutes per instance, not one per answer.
 */

const PRICES_TTL_MS = 5 * 60 * 1000;

export interface ModelPrice {
  pricing: CallPricing | null;
  /** The most tokens an answer can have: the model's completion limit, else its context length; null when unknown. */
  maxOutputTokens: number | null;
}

let cached: { at: number; prices: Promise<Map<string, ModelPrice>> } | null = null;

async function loadPrices(): Promise<Map<string, ModelPrice>> {
  // The catalog read is the instance's, not a person's request: no per-user point is charged for it.
  const catalog = await readModelCatalog(async () => {});
  const prices = new Map<string, ModelPrice>();
  for (const entry of catalog.data) {
    const pricing = readPricing(entry.pricing);
    const loose = entry as { context_length?: unknown; top_provider?: { max_completion_tokens?: unknown } | null };
    const completion = loose.top_provider?.max_completion_tokens;
    const context = loose.context_length;
    const maxOutputTokens = typeof completion === "number" && completion > 0 ? completion : typeof context === "number" && context > 0 ? context : null;
    prices.set(entry.id, {
      pricing: pricing ? { prompt: pricing.promptUsdPerToken, completion: pricing.completionUsdPerToken, request: pricing.requestUsd, web_search: pricing.webSearchUsd } : null,
      maxOutputTokens,
    });
  }
  return prices;
}

/** The model's prices, or null when the catalog has none for it (a router, a preset, an unknown id). */
export async function modelPrice(model: string, now = Date.now()): Promise<ModelPrice | null> {
  if (!cached || now - cached.at > PRICES_TTL_MS) {
    const prices = loadPrices();
    cached = { at: now, prices };
    // A failed read is not kept: the next call tries again.
    prices.catch(() => {
      if (cached?.prices === prices) cached = null;
    });
  }
  return (await cached.prices).get(model.replace(/:online$/, "")) ?? null;
}
