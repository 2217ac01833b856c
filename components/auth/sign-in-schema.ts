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
 * Where to go after signing in: only a path on this site. Absolute URLs, protocol-relative
 * `//evil.example`, backslash tricks and the auth pages themselves fall back to the default.
 */
export function safeCallbackUrl(value: string | string[] | null | undefined): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return DEFAULT_AFTER_SIGN_IN;
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return DEFAULT_AFTER_SIGN_IN;
  let url: URL;
  try {
    url = new URL(raw, "http://gatehouse.invalid");
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (url.origin !== "http://gatehouse.invalid") return DEFAULT_AFTER_SIGN_IN;
  if (url.pathname === "/sign-in" || url.pathname.startsWith("/api/")) return DEFAULT_AFTER_SIGN_IN;
  return `${url.pathname}${url.search}${url.hash}`;
}
