import type { ChatRequestInput } from "@/lib/gateway";

interface DemoPreset {
  slug: string;
  /** Oldest first; each becomes the next version. daysAgo spreads them over the past weeks. */
  versions: { daysAgo: number; request: ChatRequestInput }[];
}

const ask = (text: string) => ({ role: "user" as const, content: text });

/**
 * Demo presets, written as the chat requests a user would have saved, so they pass through the
 * same validation and config extraction as a real save. web-research v1 and v2 differ only in
 * web search max_results (3 vs 8), so comparing their answers shows the setting at work.
 */
export const DEMO_PRESETS: readonly DemoPreset[] = [
  {
    slug: "web-research",
    versions: [
      {
        daysAgo: 41,
        request: {
          model: "gatehouse/scholar",
          temperature: 0.2,
          plugins: [{ id: "web", max_results: 3 }],
          messages: [{ role: "system", content: "You are a careful research assistant. Answer from the sources you find and cite every claim." }, ask("What is keyset pagination?")],
        },
      },
      {
        daysAgo: 27,
        request: {
          model: "gatehouse/scholar",
          temperature: 0.2,
          plugins: [{ id: "web", max_results: 8 }],
          messages: [{ role: "system", content: "You are a careful research assistant. Answer from the sources you find and cite every claim." }, ask("What is keyset pagination?")],
        },
      },
      {
        daysAgo: 6,
        request: {
          model: "gatehouse/scholar",
          temperature: 0.1,
          plugins: [{ id: "web", engine: "exa", max_results: 8, exclude_domains: ["*.example.net"] }],
          messages: [
            { role: "system", content: "You are a careful research assistant. Answer from the sources you find, cite every claim and say when sources disagree." },
            ask("What is keyset pagination?"),
          ],
        },
      },
    ],
  },
  {
    slug: "support-triage",
    versions: [
      {
        daysAgo: 60,
        request: {
          model: "gatehouse/swift",
          temperature: 0.7,
          messages: [{ role: "system", content: "You triage customer support tickets. Classify each ticket as billing, bug, or question." }, ask("My invoice is wrong.")],
        },
      },
      {
        daysAgo: 33,
        request: {
          model: "gatehouse/swift",
          temperature: 0.3,
          max_tokens: 512,
          messages: [
            { role: "system", content: "You triage customer support tickets. Classify each ticket as billing, bug, question or feature request, and give a one-line reason." },
            ask("My invoice is wrong."),
          ],
        },
      },
      {
        daysAgo: 12,
        request: {
          model: "gatehouse/swift",
          models: ["gatehouse/swift", "gatehouse/scholar"],
          temperature: 0.3,
          max_tokens: 512,
          response_format: { type: "json_object" },
          provider: { allow_fallbacks: true, sort: "latency" },
          messages: [
            { role: "system", content: "You triage customer support tickets. Reply with JSON: {\"category\": billing|bug|question|feature, \"reason\": string}." },
            ask("My invoice is wrong."),
          ],
        },
      },
    ],
  },
  {
    slug: "release-notes-writer",
    versions: [
      {
        daysAgo: 90,
        request: {
          model: "gatehouse/scholar",
          temperature: 0.9,
          messages: [{ role: "system", content: "Write friendly release notes from a list of merged pull requests." }, ask("PR #12: faster file listing")],
        },
      },
      {
        daysAgo: 75,
        request: {
          model: "gatehouse/scholar",
          temperature: 0.6,
          stop: ["\n\n\n"],
          messages: [
            { role: "system", content: "Write friendly release notes from a list of merged pull requests. Group them under Added, Changed and Fixed." },
            ask("PR #12: faster file listing"),
          ],
        },
      },
      {
        daysAgo: 20,
        request: {
          model: "gatehouse/scholar",
          temperature: 0.6,
          top_p: 0.9,
          stop: ["\n\n\n"],
          reasoning: { effort: "low" },
          messages: [
            { role: "system", content: "Write friendly release notes from a list of merged pull requests. Group them under Added, Changed and Fixed." },
            { role: "system", content: "Keep each entry under 20 words. Emoji are welcome: ✨ for features, 🐛 for fixes." },
            ask("PR #12: faster file listing"),
          ],
        },
      },
      {
        daysAgo: 2,
        request: {
          model: "gatehouse/scholar",
          temperature: 0.5,
          top_p: 0.9,
          stop: ["\n\n\n"],
          reasoning: { effort: "low" },
          messages: [
            { role: "system", content: "Write friendly release notes from a list of merged pull requests. Group them under Added, Changed and Fixed." },
            { role: "system", content: "Keep each entry under 20 words. Emoji are welcome: ✨ for features, 🐛 for fixes." },
            ask("PR #12: faster file listing"),
          ],
        },
      },
    ],
  },
  {
    slug: "echo-debug",
    versions: [
      { daysAgo: 15, request: { model: "gatehouse/echo", messages: [ask("ping")] } },
      { daysAgo: 1, request: { model: "gatehouse/echo", max_tokens: 64, messages: [{ role: "system", content: "Repeat the input." }, ask("ping")] } },
    ],
  },
];
