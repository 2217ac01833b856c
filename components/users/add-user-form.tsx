"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { LazyPopupProps } from "@/components/ui/use-lazy-popup";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Dialog } from "@/components/ui/dialog";
import { Field, FieldMessages } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { CreateUserRequestSchema, ROLES, type User } from "@/lib/contract/bff/schemas";
import { createUser } from "@/lib/client/queries/users";
import { placeApiError, withLabel } from "./api-errors";
import { FormDialogContent } from "./form-dialog-content";
import { PasswordField } from "./password-field";
import { ROLE_INFO } from "./roles";

type AddUserInput = z.input<typeof CreateUserRequestSchema>;
type AddUserValues = z.output<typeof CreateUserRequestSchema>;

const LABELS = { email: "Email", name: "Name", role: "Role", password: "Password" } as const;
const FIELD_ORDER = ["email", "name", "role", "password"] as const;
const EMPTY: AddUserInput = { email: "", name: "", role: "viewer", password: "" };

/**
 * Adds a password user with the API's own schema (CreateUserRequestSchema). A refused add keeps
 * everything typed and puts the server's reason on the field it names; closing without adding keeps
 * the draft too (the form stays mounted once opened).
 *
 * Its own chunk (react-hook-form and the contract's zod schemas): `AddUserButton` loads it on the way to the
 * first press.
 */
export default function AddUserForm({ open, setOpen, trigger, contentId, onAdded }: LazyPopupProps & { onAdded: (user: User) => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AddUserInput, unknown, AddUserValues>({
    resolver: zodResolver(CreateUserRequestSchema),
    // First check on submit, not on blur: an error line appearing on blur moves the submit button away
    // between press and release, and the click is lost. After a submit, fields re-check as they change.
    mode: "onSubmit",
    defaultValues: EMPTY,
    // Focus goes to the first invalid field in reading order (react-hook-form's own choice follows
    // registration order, which changes when the dialog's fields remount).
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: "password" }) ?? "";
  const mutation = useMutation({ mutationFn: createUser });

  const focusFirst = (invalid: Partial<Record<(typeof FIELD_ORDER)[number], unknown>>) => {
    const first = FIELD_ORDER.find((name) => invalid[name]);
    if (first) form.setFocus(first);
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const user = await mutation.mutateAsync({ ...values, name: values.name || undefined });
      form.reset(EMPTY);
      setOpen(false);
      onAdded(user);
    } catch (error) {
      const placed = placeApiError(error, LABELS);
      for (const name of FIELD_ORDER) {
        const message = placed.fields[name];
        if (message) form.setError(name, { type: "server", message });
      }
      setFormError(placed.form);
      focusFirst(placed.fields);
    }
  }, focusFirst);

  const message = (name: keyof typeof LABELS) => {
    const text = errors[name]?.message;
    return text ? withLabel(LABELS[name], text) : undefined;
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !form.formState.isSubmitting && setOpen(next)}>
      <FormDialogContent
        id={contentId}
        returnFocusTo={trigger}
        title="Add user"
        description="They sign in with this email and password. Tell them the password yourself: Gatehouse sends no email."
        focusFirstField={() => form.setFocus("email")}
        onSubmit={submit}
        error={formError}
        submitting={form.formState.isSubmitting}
        submitLabel="Add user"
        submittingLabel="Adding…"
      >
          <Field label="Email" error={message("email")}>
            {(control) => <Input {...control} {...form.register("email")} type="email" inputMode="email" autoComplete="off" spellCheck={false} />}
          </Field>
          <Field label="Name" hint="Optional. Without one, the part of the email before the @ is used." error={message("name")}>
            {(control) => <Input {...control} {...form.register("name")} autoComplete="off" />}
          </Field>
          <fieldset aria-describedby={errors.role ? "add-user-role-error" : undefined}>
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Role</legend>
            <div className="mt-1 space-y-1.5">
              {ROLES.map((role) => (
                <label
                  key={role}
                  className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:border-brand-500 dark:has-[:checked]:bg-slate-800"
                >
                  <input type="radio" value={role} {...form.register("role")} className="mt-0.5 accent-brand-600" />
                  <span>
                    <span className="font-medium">{ROLE_INFO[role].label}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{ROLE_INFO[role].description}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldMessages error={errors.role ? message("role") : undefined} errorId="add-user-role-error" />
          </fieldset>
          <PasswordField
            value={password}
            error={message("password")}
            registration={form.register("password")}
            onGenerate={(generated) => form.setValue("password", generated, { shouldValidate: true, shouldDirty: true })}
          />
      </FormDialogContent>
    </Dialog>
  );
}
