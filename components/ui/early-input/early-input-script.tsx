import { captureEarlyInput } from "./capture-early-input";

const SOURCE = `(${captureEarlyInput.toString()})();`;

/**
 * The inline script that holds early input until React can act on it (./capture-early-input.ts), for the root
 * layout's <head>: it must run before the first control is parsed. `nonce` is the request's CSP nonce (proxy.ts).
 */
export function EarlyInputScript({ nonce }: { nonce: string | undefined }) {
  // The browser hides a nonce from the DOM once applied, so the hydrated attribute never matches the server's.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SOURCE }} />;
}
