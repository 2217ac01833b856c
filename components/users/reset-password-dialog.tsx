"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import { PasswordSchema, type User } from "@/lib/bff/schemas";
import { updateUser } from "@/lib/client/queries/users";
import { placeApiError, withLabel } from "./api-errors";
import { PasswordField } from "./password-field";
import { Alert } from "@/components/ui/alert";

const ResetSchema = z.object({ password: PasswordSchema });
type ResetValues = z.infer<typeof ResetSchema>;

/** Sets a new password for a password user (PATCH /api/users/[id] with only `password`). */
export function ResetPasswordDialog({
  user,
  onOpenChange,
  onFailed,
  onDone,
}: {
  user: User | null;
  onOpenChange: (open: boolean) => void;
  /** Told about every refusal, so the page can refresh a list that turned out stale. */
  onFailed?: (error: unknown) => void;
  onDone: (user: User) => void;
}) {
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
        <DialogContent
          title={`Reset the password of ${user.name}`}
          description={`${user.email} signs in with the new password from now on. Sessions already open stay signed in; remove the user to end them.`}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            form.setFocus("password");
          }}
        >
          <form onSubmit={submit} noValidate className="space-y-4" aria-describedby={formError ? "reset-password-error" : undefined}>
            {formError ? <Alert id="reset-password-error">{formError}</Alert> : null}
            <PasswordField
              label="New password"
              value={password}
              error={error ? withLabel("Password", error) : undefined}
              registration={form.register("password")}
              onGenerate={(generated) => form.setValue("password", generated, { shouldValidate: true, shouldDirty: true })}
            />
            <div className="flex justify-end gap-2 pt-1">
              <DialogClose asChild>
                <Button disabled={form.formState.isSubmitting}>Cancel</Button>
              </DialogClose>
              <Button type="submit" variant="primary" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? "Saving…" : "Set password"}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
