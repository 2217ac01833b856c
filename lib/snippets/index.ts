import { presetModel } from "@/lib/presets/preset-model";

/**
 * "Copy as code": curl and TypeScript snippets that call the gateway, for a preset (the editor) and for a
 * playground column's request. They never carry a real key or the configured gateway address (neither
 * reaches the browser, and a snippet pasted into a chat or a ticket must not leak one): the key is the
 * `$GATEWAY_API_KEY` placeholder and the base URL `$GATEWAY_URL`, both read from the environment where
 * the snippet runs.
 */

const SNIPPET_KEY_PLACEHOLDER = "$GATEWAY_API_KEY";
const SNIPPET_URL_PLACEHOLDER = "$GATEWAY_URL";

export type SnippetLanguage = "curl" | "typescript";

/** One call to the gateway: a non-streamed chat completion, or a streamed responses request. */
export type SnippetCall = { kind: "chat"; body: unknown } | { kind: "responses-stream"; body: unknown };

const HEADER = "GATEWAY_URL is the gateway's base URL (ending in /api/v1); GATEWAY_API_KEY your API key.";

function path(call: SnippetCall): string {
  return call.kind === "chat" ? "/chat/completions" : "/responses";
}

function shellSingleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlSnippet(call: SnippetCall): string {
  const body = JSON.stringify(call.body, null, 2);
  const stream = call.kind === "responses-stream" ? "-N " : "";
  return [
    `# ${HEADER}`,
    `curl ${stream}"${SNIPPET_URL_PLACEHOLDER}${path(call)}" \\`,
    `  -H "Authorization: Bearer ${SNIPPET_KEY_PLACEHOLDER}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d ${shellSingleQuote(body)}`,
  ].join("\n");
}

const READ_COMPLETION = `if (!response.ok) throw new Error(\`Gateway answered \${response.status}: \${await response.text()}\`);
const completion = await response.json();
console.log(completion.choices[0].message.content);
`;

const READ_STREAM = `if (!response.ok || !response.body) throw new Error(\`Gateway answered \${response.status}\`);

const parser = createParser({
  onEvent(message) {
    if (message.data === "[DONE]") return;
    const event = JSON.parse(message.data);
    if (event.type === "response.output_text.delta") process.stdout.write(event.delta);
    if (event.type === "response.completed") console.log("\\n", event.response.usage);
  },
});
const decoder = new TextDecoder();
for await (const chunk of response.body) parser.feed(decoder.decode(chunk, { stream: true }));
`;

export function typescriptSnippet(call: SnippetCall): string {
  const body = JSON.stringify(call.body, null, 2).replace(/\n/g, "\n  ");
  const streamed = call.kind === "responses-stream";
  return `// ${HEADER}
${streamed ? `import { createParser } from "eventsource-parser";\n\n` : ""}const response = await fetch(\`\${process.env.GATEWAY_URL}${path(call)}\`, {
  method: "POST",
  headers: {
    Authorization: \`Bearer \${process.env.GATEWAY_API_KEY}\`,
    "Content-Type": "application/json",
  },
  body: JSON.stringify(${body}),
});
${streamed ? READ_STREAM : READ_COMPLETION}`;
}

/** A chat completion through the preset, named as the model: `@preset/<slug>`. */
export function presetCall(slug: string, userMessage = "Hello!"): SnippetCall {
  return { kind: "chat", body: { model: presetModel(slug), messages: [{ role: "user", content: userMessage }] } };
}

