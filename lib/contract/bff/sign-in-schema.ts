import { z } from "zod";

/** The sign-in form's values; the server action and the Credentials provider parse with it too. */
export const SignInSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { message: "Enter your email address" })
    .pipe(z.email({ error: "Enter an email address like name@example.com" })),
  password: z.string().min(1, { message: "Enter your password" }).max(1024, { message: "That password is too long" }),
});
export type SignInValues = z.infer<typeof SignInSchema>;

export const DEFAULT_AFTER_SIGN_IN = "/presets";

/**
 * Where to go after signing in: only a path on this site. The decision is made on the NORMALISED path,
 * the one a browser would follow: `/.//evil.example`, `/a/..//evil.example` and `/%2e//evil.example` all
 * normalise to the protocol-relative `//evil.example`. Absolute URLs, backslashes, control characters
 * (tabs and newlines are silently dropped by URL parsers) and the auth pages themselves fall back to the
 * default.
 */
export function safeCallbackUrl(value: string | string[] | null | undefined): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || !raw.startsWith("/")) return DEFAULT_AFTER_SIGN_IN;
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return DEFAULT_AFTER_SIGN_IN;
  const base = "http://gatehouse.invalid";
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (url.origin !== base) return DEFAULT_AFTER_SIGN_IN;
  // A path that starts with two slashes is read by a browser as another host.
  if (url.pathname.startsWith("//")) return DEFAULT_AFTER_SIGN_IN;
  if (url.pathname === "/sign-in" || url.pathname.startsWith("/api/")) return DEFAULT_AFTER_SIGN_IN;
  const result = `${url.pathname}${url.search}${url.hash}`;
  // Belt and braces: what we hand back must itself resolve to this site, unchanged.
  const again = new URL(result, base);
  return again.origin === base && `${again.pathname}${again.search}${again.hash}` === result ? result : DEFAULT_AFTER_SIGN_IN;
}
