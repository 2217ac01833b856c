"use client";

import { useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { signInWithOidc, signInWithPassword } from "@/app/(auth)/actions";
import type { SignInValues } from "@/lib/contract/bff/sign-in-schema";
import { Alert } from "@/components/ui/alert";

type FieldName = keyof SignInValues;
type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * Checks the form with the schema the server action parses with: the parsed values, or each field's first
 * problem. The schema (and zod) load with the first check, not with the page: this form is the whole page, and
 * zod alone would be most of its JavaScript.
 */
async function validate(values: SignInValues): Promise<{ data: SignInValues; errors?: undefined } | { data?: undefined; errors: FieldErrors }> {
  const { SignInSchema } = await import("@/lib/contract/bff/sign-in-schema");
  const result = SignInSchema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FieldName;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The form's two fields, with what password managers and phone keyboards go by. */
const FIELDS = [
  { name: "email", label: "Email", input: { type: "email", autoComplete: "username", inputMode: "email", autoFocus: true } },
  { name: "password", label: "Password", input: { type: "password", autoComplete: "current-password" } },
] as const;

export interface DemoAccounts {
  password: string;
  emails: string[];
}

export function SignInForm({
  callbackUrl,
  initialError,
  oidcName,
  demo,
}: {
  callbackUrl: string;
  initialError?: string | null;
  oidcName?: string | null;
  demo?: DemoAccounts | null;
}) {
  const [formError, setFormError] = useState<string | null>(initialError ?? null);
  const [pending, startTransition] = useTransition();
  const [values, setValues] = useState<SignInValues>({ email: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  // After the first submit, a field is checked again as it changes (until then, only on submit).
  const submitted = useRef(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const busy = submitting || pending;

  /** Sets fields and, when asked, shows their problems (or clears them) without waiting for a submit. */
  async function change(next: Partial<SignInValues>, check: boolean) {
    const all = { ...values, ...next };
    setValues(all);
    if (!check) return;
    const result = await validate(all);
    setErrors((previous) => {
      const updated = { ...previous };
      for (const field of Object.keys(next) as FieldName[]) updated[field] = result.errors?.[field];
      return updated;
    });
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    submitted.current = true;
    setSubmitting(true);
    try {
      const result = await validate(values);
      if (!result.data) {
        setErrors(result.errors);
        inputs[result.errors.email ? "email" : "password"].current?.focus();
        return;
      }
      setErrors({});
      setFormError(null);
      const answer = await signInWithPassword(result.data, callbackUrl);
      if (answer?.error) {
        setFormError(answer.error);
        setValues((current) => ({ ...current, password: "" }));
        inputs.password.current?.focus();
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="space-y-5">
      {formError ? (
        <Alert id="sign-in-error">{formError}</Alert>
      ) : null}
      {/* POST: should the browser submit the form itself (clicked before the script runs), the password must not go into the URL. */}
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-describedby={formError ? "sign-in-error" : undefined}>
        {FIELDS.map((field) => (
          <Field key={field.name} label={field.label} error={errors[field.name]}>
            {(control) => (
              <Input
                {...control}
                ref={inputs[field.name]}
                name={field.name}
                value={values[field.name]}
                onChange={(event) => void change({ [field.name]: event.target.value }, submitted.current)}
                {...field.input}
              />
            )}
          </Field>
        ))}
        <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </Button>
      </form>

      {oidcName ? (
        <div className="space-y-3">
          <div className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400">
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
            or
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          </div>
          <Button size="lg" className="w-full" disabled={busy} onClick={() => startTransition(() => signInWithOidc(callbackUrl))}>
            Continue with {oidcName}
          </Button>
        </div>
      ) : null}

      {demo ? (
        <section aria-labelledby="demo-accounts" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          <h2 id="demo-accounts" className="font-medium">
            Demo accounts
          </h2>
          <p className="mt-1">
            This Gatehouse runs with its embedded demo gateway. Password for all three: <code className="rounded bg-white/70 px-1 font-mono dark:bg-black/30">{demo.password}</code>
          </p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {demo.emails.map((email) => (
              <li key={email}>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void change({ email, password: demo.password }, true)}
                >
                  Use {email}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
