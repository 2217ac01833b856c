import type { EmbeddedModel } from "./models";

/**
 * What a response costs, as usage.cost reports it: the model's prices (GET /models) times the
 * tokens, plus its web search price per search made. Rounded to a millionth of a cent so that sums
 * of many small answers stay exact enough to compare with a spending cap.
 */
export function responseCost(model: EmbeddedModel, usage: { inputTokens: number; outputTokens: number; webSearches: number }) {
  const input = usage.inputTokens * model.pricing.prompt;
  const output = usage.outputTokens * model.pricing.completion;
  const search = usage.webSearches * model.pricing.web_search;
  const round = (usd: number) => Math.round(usd * 1e8) / 1e8;
  return { cost: round(input + output + search) };
}
