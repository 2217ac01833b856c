import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PresetEnvelopeSchema } from "@/lib/contract/gateway";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { caller, startTestGateway, type Caller } from "@/lib/embedded-gateway/testing/harness";
import { pruneRequest, storedPreview, versionToRequest } from "./form-values";

/*
 * The editor's "What the gateway will store" panel must show exactly what a save stores. These tests
 * save requests to a real embedded gateway over HTTP and compare its stored version with the preview.
 */

let gateway: EmbeddedGateway;
let admin: Caller;

beforeAll(async () => {
  gateway = await startTestGateway({ demoFiles: 0 });
  admin = caller(gateway, gateway.managementKey);
});
afterAll(() => gateway.close());

async function save(slug: string, request: Record<string, unknown>) {
  const response = await admin(`/presets/${slug}/chat/completions`, { method: "POST", json: request });
  expect(response.status, await response.clone().text()).toBe(200);
  const version = PresetEnvelopeSchema.parse(await response.json()).data.designated_version;
  if (!version) throw new Error("no designated version");
  return version;
}

const rich = {
  model: "gatehouse/scholar",
  models: ["gatehouse/swift", "gatehouse/echo"],
  messages: [
    { role: "system", content: "You are careful." },
    { role: "developer", content: "Per-call instruction." },
    { role: "user", content: "Hello" },
    { role: "system", content: [{ type: "text", text: "Cite sources." }, { type: "text", text: "Be brief." }] },
  ],
  temperature: 0.3,
  top_p: null,
  stop: ["END", "STOP"],
  seed: 42,
  max_tokens: 400,
  logit_bias: { "50256": -100 },
  reasoning: { effort: "high", summary: "auto" },
  reasoning_effort: "high",
  response_format: { type: "json_schema", json_schema: { name: "answer", strict: true, schema: { type: "object" } } },
  tools: [
    { type: "function", function: { name: "lookup", description: "Find", parameters: { type: "object", properties: {} }, strict: true } },
    { type: "openrouter:web_search", parameters: { max_results: 4 } },
  ],
  tool_choice: "auto",
  provider: { order: ["a", "b"], allow_fallbacks: false, max_price: { prompt: "1" } },
  plugins: [{ id: "web", max_results: 7, engine: "exa" }, { id: "moderation" }],
  metadata: { team: "search" },
  prompt_cache_key: "k1",
  stop_server_tools_when: [{ type: "step_count_is", step_count: 3 }],
  route: "fallback",
  stream: true,
  session_id: "s-1",
  user: "u-1",
  trace: { trace_id: "t" },
  debug: { echo_upstream_body: true },
  unknown_future_field: 1,
};

describe("stored preview against the embedded gateway", () => {
  it("shows exactly the config and system prompt the gateway stores", async () => {
    const stored = await save("preview-rich", rich);
    const preview = storedPreview(rich);
    expect(stored.config).toEqual(preview.config);
    expect(stored.system_prompt).toBe(preview.system_prompt);
    // What the preview lists as ignored is indeed not stored.
    for (const field of preview.ignored_fields) expect(stored.config).not.toHaveProperty(field);
    expect(preview.ignored_fields).toEqual(expect.arrayContaining(["messages", "stream", "session_id", "user", "trace", "debug", "unknown_future_field"]));
  });

  it("treats form leftovers (cleared fields, empty row lists) as absent, as the editor's save does", async () => {
    const formValues = { ...rich, top_k: undefined, min_p: Number.NaN, plugins: [], reasoning: { effort: "high", summary: undefined } };
    // The editor posts the pruned form values (the request its JSON view shows).
    const stored = await save("preview-form", pruneRequest(formValues));
    expect(stored.config).toEqual(storedPreview(formValues).config);
    expect(stored.config).not.toHaveProperty("plugins");
    expect(stored.config.reasoning).toEqual({ effort: "high" });
  });

  it("restoring a version through its request stores the same config and prompt again", async () => {
    const first = await save("preview-restore", rich);
    const again = await save("preview-restore", versionToRequest(first));
    expect(again.version).toBe(first.version + 1);
    expect(again.config).toEqual(first.config);
    expect(again.system_prompt).toBe(first.system_prompt);
  });
});
