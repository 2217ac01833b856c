"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ACCESS_TOKEN_LIMITS, CreateAccessTokenRequestSchema, type CreateAccessTokenRequest, type CreatedAccessToken } from "@/lib/contract/bff/access-tokens";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { accessTokenKeys, createAccessToken } from "@/lib/client/queries/access-tokens";

/** Creates a personal access token by name (validated by the contract's schema) and hands its one-time text up. */
export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedAccessToken) => void }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreateAccessTokenRequest>({ resolver: zodResolver(CreateAccessTokenRequestSchema), mode: "onSubmit", defaultValues: { name: "" } });
  const mutation = useMutation({ mutationFn: createAccessToken });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const token = await mutation.mutateAsync(values);
      form.reset({ name: "" });
      onCreated(token);
      await queryClient.invalidateQueries({ queryKey: accessTokenKeys.list() });
    } catch (error) {
      setFormError(apiErrorMessage(error));
    }
  });
  const nameError = form.formState.errors.name?.message;
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
      <div className="min-w-0 flex-1 basis-56">
        <Field label="Token name" hint="What it is for, e.g. “CI on main”" error={nameError ? `Name ${nameError}` : undefined}>
          {(control) => <Input {...control} {...form.register("name")} autoComplete="off" maxLength={ACCESS_TOKEN_LIMITS.nameMax + 20} />}
        </Field>
      </div>
      <Button type="submit" variant="primary" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? "Creating…" : "Create token"}
      </Button>
      {formError ? <Alert className="basis-full">{formError}</Alert> : null}
    </form>
  );
}

