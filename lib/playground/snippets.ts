import { runBody, type RequestDraft } from "./setup";

/*
 * "Copy as curl / TypeScript". The key is always the $GATEWAY_API_KEY placeholder: the browser
 * never holds a real one, and a snippet pasted into a chat or a ticket must not leak one.
 */

export const API_KEY_PLACEHOLDER = "$GATEWAY_API_KEY";

function shellSingleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlSnippet(request: RequestDraft): string {
  const body = JSON.stringify(runBody(request), null, 2);
  return [
    "# GATEWAY_URL is the gateway's base URL (ending in /api/v1); GATEWAY_API_KEY your API key.",
    `curl -N "$GATEWAY_URL/responses" \\`,
    `  -H "Authorization: Bearer ${API_KEY_PLACEHOLDER}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d ${shellSingleQuote(body)}`,
  ].join("\n");
}

export function typescriptSnippet(request: RequestDraft): string {
  const body = JSON.stringify(runBody(request), null, 2).replace(/\n/g, "\n  ");
  return `// GATEWAY_URL is the gateway's base URL (ending in /api/v1); GATEWAY_API_KEY your API key.
import { createParser } from "eventsource-parser";

const response = await fetch(\`\${process.env.GATEWAY_URL}/responses\`, {
  method: "POST",
  headers: {
    Authorization: \`Bearer \${process.env.GATEWAY_API_KEY}\`,
    "Content-Type": "application/json",
  },
  body: JSON.stringify(${body}),
});
if (!response.ok || !response.body) throw new Error(\`Gateway answered \${response.status}\`);

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
}
