"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { DialogSubmitActions } from "@/components/ui/dialog-submit-actions";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { ApiError } from "@/lib/client/api-client";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { createQuestionSet, questionSetKeys } from "@/lib/client/queries/evaluation-sets";
import { returnFocusTo, type LazyPopupProps } from "@/components/ui/use-lazy-popup";

interface Errors {
  name?: string;
  question?: string;
  form?: string;
}

/** The API's 400 placed on this form's two fields ("name", "rows[0].question"), the rest above the buttons. */
function errorsOf(error: unknown): Errors {
  if (!(error instanceof ApiError) || error.issues.length === 0) return { form: apiErrorMessage(error) };
  const errors: Errors = {};
  for (const issue of error.issues) {
    if (issue.path === "name") errors.name = `Name ${issue.message.replace(/^name /, "")}`;
    else if (issue.path.startsWith("rows[0].question")) errors.question = `First question ${issue.message.replace(/^rows\[0\]\.question /, "")}`;
    else errors.form = errors.form ? `${errors.form} ${issue.message}` : issue.message;
  }
  return errors;
}

/** Names a new set and its first question (a set is never empty), creates version 1 and opens the editor on it. */
export default function NewSetDialog({ open, setOpen, trigger, contentId }: LazyPopupProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [question, setQuestion] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    setErrors({});
    try {
      const created = await createQuestionSet({ name, rows: [{ question }] });
      await queryClient.invalidateQueries({ queryKey: questionSetKeys.list() });
      setOpen(false);
      router.push(`/evaluations/sets/${created.set_id}`);
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogContent id={contentId} title="New question set" description="Name it and write its first question; add the rest in the editor." onCloseAutoFocus={returnFocusTo(trigger)}>
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <Field label="Name" error={errors.name}>
            {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" maxLength={200} />}
          </Field>
          <Field label="First question" error={errors.question}>
            {(control) => <Textarea {...control} value={question} onChange={(event) => setQuestion(event.target.value)} rows={3} />}
          </Field>
          {errors.form ? <Alert>{errors.form}</Alert> : null}
          <DialogSubmitActions pending={pending} label="Create set" pendingLabel="Creating…" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
