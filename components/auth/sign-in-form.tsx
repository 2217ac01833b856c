"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { signInWithOidc, signInWithPassword } from "@/app/(auth)/actions";
import { SignInSchema, type SignInValues } from "@/lib/auth/sign-in-schema";
import { Alert } from "@/components/ui/alert";

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
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({ resolver: zodResolver(SignInSchema), defaultValues: { email: "", password: "" } });
  const busy = isSubmitting || pending;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await signInWithPassword(values, callbackUrl);
    if (result?.error) {
      setFormError(result.error);
      setValue("password", "");
      setFocus("password");
    }
  });

  return (
    <div className="space-y-5">
      {formError ? (
        <Alert id="sign-in-error">{formError}</Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-describedby={formError ? "sign-in-error" : undefined}>
        <Field label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} {...register("email")} type="email" autoComplete="username" inputMode="email" autoFocus />}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {(control) => <Input {...control} {...register("password")} type="password" autoComplete="current-password" />}
        </Field>
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
                  onClick={() => {
                    setValue("email", email, { shouldValidate: true });
                    setValue("password", demo.password, { shouldValidate: true });
                  }}
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
