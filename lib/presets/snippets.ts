/**
 * "Copy as code" snippets that call a preset. They never carry a real key or the configured gateway
 * address (neither reaches the browser): the key is the `$GATEWAY_API_KEY` placeholder and the base
 * URL the `$GATEWAY_URL` placeholder, both read from the environment where the snippet runs.
 */

export const SNIPPET_KEY_PLACEHOLDER = "$GATEWAY_API_KEY";
export const SNIPPET_URL_PLACEHOLDER = "$GATEWAY_URL";

export type SnippetLanguage = "curl" | "typescript";

export function presetModel(slug: string): string {
  return `@preset/${slug}`;
}

function shellSingleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlSnippet(slug: string, userMessage = "Hello!"): string {
  const body = JSON.stringify({ model: presetModel(slug), messages: [{ role: "user", content: userMessage }] }, null, 2);
  return [
    `# GATEWAY_URL is the gateway's base URL, e.g. https://openrouter.ai/api/v1`,
    `curl "${SNIPPET_URL_PLACEHOLDER}/chat/completions" \\`,
    `  -H "Authorization: Bearer ${SNIPPET_KEY_PLACEHOLDER}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d ${shellSingleQuote(body)}`,
  ].join("\n");
}

export function typescriptSnippet(slug: string, userMessage = "Hello!"): string {
  return [
    `// GATEWAY_URL is the gateway's base URL, e.g. https://openrouter.ai/api/v1`,
    `const response = await fetch(\`\${process.env.GATEWAY_URL}/chat/completions\`, {`,
    `  method: "POST",`,
    `  headers: {`,
    `    Authorization: \`Bearer \${process.env.GATEWAY_API_KEY}\`,`,
    `    "Content-Type": "application/json",`,
    `  },`,
    `  body: JSON.stringify({`,
    `    model: ${JSON.stringify(presetModel(slug))},`,
    `    messages: [{ role: "user", content: ${JSON.stringify(userMessage)} }],`,
    `  }),`,
    `});`,
    `if (!response.ok) throw new Error(\`Gateway answered \${response.status}: \${await response.text()}\`);`,
    `const completion = await response.json();`,
    `console.log(completion.choices[0].message.content);`,
  ].join("\n");
}

export function presetSnippet(language: SnippetLanguage, slug: string): string {
  return language === "curl" ? curlSnippet(slug) : typescriptSnippet(slug);
}
