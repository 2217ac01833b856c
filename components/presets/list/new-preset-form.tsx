"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { LazyPopupProps } from "@/components/ui/use-lazy-popup";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { modelSuggestionsQuery, slugAvailability, type SlugAvailability } from "@/lib/client/queries/presets";
import { ChatRequestSchema, SlugSchema } from "@/lib/contract/gateway";

const NewPresetSchema = z.object({
  slug: SlugSchema,
  model: ChatRequestSchema.shape.model.unwrap().min(1, "Choose a model to start from"),
});
type NewPreset = z.infer<typeof NewPresetSchema>;

/**
 * Asks for the new preset's slug (URL-safe, checked against existing presets as it is typed) and a
 * starting model, then opens the editor on the unsaved preset. Nothing is created until the first save.
 * Its own chunk (the form brings react-hook-form and the contract's zod schemas): `NewPresetDialog` loads it
 * on the first press of its button and keeps it mounted afterwards.
 */
export default function NewPresetForm({ open, setOpen, trigger, contentId }: LazyPopupProps) {
  const router = useRouter();
  const models = useQuery({ ...modelSuggestionsQuery(), enabled: open });
  const form = useForm<NewPreset>({
    resolver: zodResolver(NewPresetSchema),
    mode: "onTouched",
    defaultValues: { slug: "", model: "" },
  });
  const slug = useWatch({ control: form.control, name: "slug" });
  const slugValid = SlugSchema.safeParse(slug).success;
  const availability = useQuery({
    queryKey: ["presets", "slug-availability", slug],
    queryFn: ({ signal }) => slugAvailability(slug, signal),
    enabled: open && slugValid,
    staleTime: 5_000,
    retry: false,
  });
  const status: SlugAvailability = !slugValid ? "unknown" : availability.isFetching ? "checking" : (availability.data ?? "checking");

  const submit = form.handleSubmit(async (values) => {
    const fresh = await slugAvailability(values.slug);
    if (fresh === "taken") {
      form.setError("slug", { message: `A preset named "${values.slug}" already exists` });
      void availability.refetch();
      return;
    }
    if (fresh === "error") {
      form.setError("slug", { message: "Could not check the slug; try again" });
      return;
    }
    setOpen(false);
    router.push(`/presets/${encodeURIComponent(values.slug)}?new=1&model=${encodeURIComponent(values.model)}`);
  });

  const formError = form.formState.errors.slug?.message;
  const slugError =
    (formError && /^must /.test(formError) ? `The slug ${formError}` : formError) ??
    (status === "taken" ? `A preset named "${slug}" already exists` : undefined);
  const slugHint =
    status === "free"
      ? "Available."
      : status === "checking"
        ? "Checking…"
        : status === "error"
          ? "Could not check availability."
          : "Letters, digits, '.', '_', '~' and '-'. Used in @preset/<slug>.";

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogContent
        id={contentId}
        title="New preset"
        description="Choose its slug and a model to start from. It is created when you first save."
        // What DialogTrigger would do: focus goes back to the button that opened the dialog.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field label="Slug" hint={slugHint} error={slugError}>
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                spellCheck={false}
                placeholder="support-bot"
                {...form.register("slug", {
                  onChange: () => {
                    if (form.formState.errors.slug?.type === "manual") form.clearErrors("slug");
                  },
                })}
                data-slug-status={status}
              />
            )}
          </Field>
          <Field label="Starting model" hint="You can change it, and add fallbacks, in the editor." error={form.formState.errors.model?.message}>
            {(control) => <Input {...control} list="new-preset-models" autoComplete="off" placeholder="provider/model" {...form.register("model")} />}
          </Field>
          <datalist id="new-preset-models">
            {(models.data ?? []).map((model) => (
              <option key={model.id} value={model.id}>
                {model.name}
              </option>
            ))}
          </datalist>
          {(models.data ?? []).length > 0 ? (
            <div className="flex flex-wrap gap-1.5" role="group" aria-label="Suggested models">
              {(models.data ?? []).slice(0, 6).map((model) => (
                <button
                  key={model.id}
                  type="button"
                  onClick={() => form.setValue("model", model.id, { shouldValidate: true, shouldTouch: true })}
                  className="rounded-full border border-slate-300 px-2.5 py-0.5 font-mono text-xs hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
                >
                  {model.id}
                </button>
              ))}
            </div>
          ) : null}
          <DialogActions>
            <Button type="submit" variant="primary" disabled={status === "taken" || form.formState.isSubmitting}>
              Open the editor
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
