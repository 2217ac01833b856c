"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Dialog } from "@/components/ui/dialog";
import { PasswordSchema, type User } from "@/lib/contract/bff/schemas";
import { updateUser } from "@/lib/client/queries/users";
import { placeApiError, withLabel } from "./api-errors";
import { FormDialogContent } from "./form-dialog-content";
import { PasswordField } from "./password-field";
import type { UserActionDialogProps } from "./user-action-dialog-props";

const ResetSchema = z.object({ password: PasswordSchema });
type ResetValues = z.infer<typeof ResetSchema>;

/** Sets a new password for a password user (PATCH /api/users/[id] with only `password`). */
export function ResetPasswordDialog({
  user,
  onOpenChange,
  onFailed,
  onDone,
}: UserActionDialogProps & { onDone: (user: User) => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetValues>({ resolver: zodResolver(ResetSchema), defaultValues: { password: "" } });
  const password = useWatch({ control: form.control, name: "password" }) ?? "";
  const error = form.formState.errors.password?.message;

  const submit = form.handleSubmit(async ({ password: next }) => {
    if (!user) return;
    setFormError(null);
    try {
      const updated = await updateUser(user.id, { password: next });
      form.reset({ password: "" });
      onDone(updated);
    } catch (caught) {
      onFailed?.(caught);
      const placed = placeApiError(caught, { password: "Password" });
      if (placed.fields.password) {
        form.setError("password", { type: "server", message: placed.fields.password });
        form.setFocus("password");
      }
      setFormError(placed.form);
    }
  });

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(next) => {
        if (form.formState.isSubmitting) return;
        if (!next) {
          form.reset({ password: "" });
          setFormError(null);
        }
        onOpenChange(next);
      }}
    >
      {user ? (
        <FormDialogContent
          title={`Reset the password of ${user.name}`}
          description={`${user.email} signs in with the new password from now on. Sessions already open stay signed in; remove the user to end them.`}
          focusFirstField={() => form.setFocus("password")}
          onSubmit={submit}
          error={formError}
          submitting={form.formState.isSubmitting}
          submitLabel="Set password"
          submittingLabel="Saving…"
        >
            <PasswordField
              label="New password"
              value={password}
              error={error ? withLabel("Password", error) : undefined}
              registration={form.register("password")}
              onGenerate={(generated) => form.setValue("password", generated, { shouldValidate: true, shouldDirty: true })}
            />
        </FormDialogContent>
      ) : null}
    </Dialog>
  );
}
