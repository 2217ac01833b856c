import type { GatewayContext, RouteDef } from "../context";
import { HttpError } from "../http-error";
import type { GenerationRecord } from "../generations-store";

/**
 * The accounting reads of the real gateway, from this gateway's own generations (generations-store.ts): one
 * answer's record, the totals, the calling key's usage, and the activity per UTC day and model. Shapes as the
 * published OpenAPI gives them; figures a local gateway has no notion of (BYOK, app ids, regions) are zero or null.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const PROVIDER = "Gatehouse";
/** What the demo account was given: /credits reports what is left of it as the answers spend. */
const DEMO_CREDITS_USD = 100;

function generationToWire(g: GenerationRecord) {
  return {
    id: g.id,
    upstream_id: g.id,
    total_cost: g.totalCost,
    cache_discount: null,
    upstream_inference_cost: g.totalCost,
    created_at: new Date(g.createdAt).toISOString(),
    model: g.model,
    app_id: null,
    streamed: g.streamed,
    cancelled: false,
    provider_name: PROVIDER,
    latency: g.latencyMs,
    moderation_latency: null,
    generation_time: g.latencyMs,
    finish_reason: g.finishReason,
    service_tier: null,
    tokens_prompt: g.tokensPrompt,
    tokens_completion: g.tokensCompletion,
    native_tokens_prompt: g.tokensPrompt,
    native_tokens_completion: g.tokensCompletion,
    native_tokens_completion_images: 0,
    native_tokens_reasoning: 0,
    native_tokens_cached: 0,
    num_media_prompt: 0,
    num_input_audio_prompt: 0,
    num_media_completion: 0,
    num_search_results: g.searchResults,
    num_fetches: 0,
    web_search_engine: g.searchResults > 0 ? "native" : null,
    origin: "",
    usage: g.totalCost,
    is_byok: false,
    native_finish_reason: g.finishReason,
    external_user: null,
    api_type: "responses",
    preset_id: null,
    router: null,
    provider_responses: null,
    user_agent: null,
    http_referer: null,
    data_region: "global",
    workspace_id: null,
  };
}

/** Monday 00:00 UTC of the week `now` falls in. */
function weekStart(now: number): number {
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  return day - weekday * DAY_MS;
}

export function accountingRoutes(ctx: GatewayContext): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/generation",
      access: "any",
      handler(c) {
        const id = new URL(c.req.url).searchParams.get("id") ?? "";
        if (id.length === 0 || id.length > 200) throw HttpError.field("id", "is required: the generation id an answer carried (its response id)");
        const found = ctx.generations.get(id);
        if (!found) throw new HttpError(404, `Generation ${id.slice(0, 100)} not found`);
        return c.json({ data: generationToWire(found) });
      },
    },
    {
      method: "GET",
      path: "/credits",
      access: "management",
      handler(c) {
        return c.json({ data: { total_credits: DEMO_CREDITS_USD, total_usage: ctx.generations.usageSince(0) } });
      },
    },
    {
      method: "GET",
      path: "/key",
      access: "any",
      handler(c) {
        const key = c.get("key");
        const now = Date.now();
        const usage = (since: number) => ctx.generations.usageSince(since, key.id);
        const today = Math.floor(now / DAY_MS) * DAY_MS;
        const month = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1);
        return c.json({
          data: {
            label: `gatehouse-embedded-${key.kind}`,
            limit: null,
            limit_remaining: null,
            limit_reset: null,
            include_byok_in_limit: false,
            usage: usage(0),
            usage_daily: usage(today),
            usage_weekly: usage(weekStart(now)),
            usage_monthly: usage(month),
            byok_usage: 0,
            byok_usage_daily: 0,
            byok_usage_weekly: 0,
            byok_usage_monthly: 0,
            is_free_tier: false,
            is_management_key: key.kind === "management",
            is_provisioning_key: false,
            creator_user_id: key.userId,
            rate_limit: { requests: -1, interval: "10s", note: "This field is deprecated and safe to ignore." },
          },
        });
      },
    },
    {
      method: "GET",
      path: "/activity",
      access: "management",
      handler(c) {
        const date = new URL(c.req.url).searchParams.get("date") ?? undefined;
        if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw HttpError.field("date", "must be a UTC date in the last 30 days, YYYY-MM-DD");
        const rows = ctx.generations.activity(Date.now(), date);
        return c.json({
          data: rows.map((row) => ({
            date: row.date,
            model: row.model,
            model_permaslug: row.model,
            endpoint_id: `gatehouse-${row.model}`,
            provider_name: PROVIDER,
            usage: row.usage,
            byok_usage_inference: 0,
            requests: row.requests,
            prompt_tokens: row.prompt_tokens,
            completion_tokens: row.completion_tokens,
            reasoning_tokens: 0,
          })),
        });
      },
    },
  ];
}
