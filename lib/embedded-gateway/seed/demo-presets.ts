import type { ChatRequestInput } from "@/lib/contract/gateway";

interface DemoPreset {
  slug: string;
  /** Oldest first; each becomes the next version. daysAgo spreads them over the past weeks. */
  versions: { daysAgo: number; request: ChatRequestInput }[];
}

/** A version as what changed since the one before: request fields, and the system prompts when they change. */
interface VersionChanges extends Partial<Omit<ChatRequestInput, "messages">> {
  daysAgo: number;
  system?: readonly string[];
}

/**
 * A preset's history from its first version and each later version's changes, the way a user would have
 * edited it. Every version asks the preset's one question after its system prompts.
 */
function presetHistory(slug: string, question: string, ...changes: VersionChanges[]): DemoPreset {
  let fields: Omit<ChatRequestInput, "messages"> = {};
  let systemPrompts: readonly string[] = [];
  const versions = changes.map(({ daysAgo, system = systemPrompts, ...edited }) => {
    fields = { ...fields, ...edited };
    systemPrompts = system;
    const messages = [...system.map((content) => ({ role: "system" as const, content })), { role: "user" as const, content: question }];
    return { daysAgo, request: { ...fields, messages } };
  });
  return { slug, versions };
}

const RELEASE_NOTES = "Write friendly release notes from a list of merged pull requests. Group them under Added, Changed and Fixed.";

/**
 * Demo presets, written as the chat requests a user would have saved, so they pass through the
 * same validation and config extraction as a real save. web-research v1 and v2 differ only in
 * web search max_results (3 vs 8), so comparing their answers shows the setting at work.
 */
export const DEMO_PRESETS: readonly DemoPreset[] = [
  presetHistory(
    "web-research",
    "What is keyset pagination?",
    {
      daysAgo: 41,
      model: "gatehouse/scholar",
      temperature: 0.2,
      plugins: [{ id: "web", max_results: 3 }],
      system: ["You are a careful research assistant. Answer from the sources you find and cite every claim."],
    },
    { daysAgo: 27, plugins: [{ id: "web", max_results: 8 }] },
    {
      daysAgo: 6,
      temperature: 0.1,
      plugins: [{ id: "web", engine: "exa", max_results: 8, exclude_domains: ["*.example.net"] }],
      system: ["You are a careful research assistant. Answer from the sources you find, cite every claim and say when sources disagree."],
    },
  ),
  presetHistory(
    "support-triage",
    "My invoice is wrong.",
    {
      daysAgo: 60,
      model: "gatehouse/swift",
      temperature: 0.7,
      system: ["You triage customer support tickets. Classify each ticket as billing, bug, or question."],
    },
    {
      daysAgo: 33,
      temperature: 0.3,
      max_tokens: 512,
      system: ["You triage customer support tickets. Classify each ticket as billing, bug, question or feature request, and give a one-line reason."],
    },
    {
      daysAgo: 12,
      models: ["gatehouse/swift", "gatehouse/scholar"],
      response_format: { type: "json_object" },
      provider: { allow_fallbacks: true, sort: "latency" },
      system: ["You triage customer support tickets. Reply with JSON: {\"category\": billing|bug|question|feature, \"reason\": string}."],
    },
  ),
  presetHistory(
    "release-notes-writer",
    "PR #12: faster file listing",
    { daysAgo: 90, model: "gatehouse/scholar", temperature: 0.9, system: ["Write friendly release notes from a list of merged pull requests."] },
    { daysAgo: 75, temperature: 0.6, stop: ["\n\n\n"], system: [RELEASE_NOTES] },
    {
      daysAgo: 20,
      top_p: 0.9,
      reasoning: { effort: "low" },
      system: [RELEASE_NOTES, "Keep each entry under 20 words. Emoji are welcome: ✨ for features, 🐛 for fixes."],
    },
    { daysAgo: 2, temperature: 0.5 },
  ),
  presetHistory(
    "echo-debug",
    "ping",
    { daysAgo: 15, model: "gatehouse/echo", system: [] },
    { daysAgo: 1, max_tokens: 64, system: ["Repeat the input."] },
  ),
];
