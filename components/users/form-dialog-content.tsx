"use client";

import { useId, type RefObject } from "react";
import { Alert } from "@/components/ui/alert";
import { DialogContent } from "@/components/ui/dialog";
import { DialogSubmitActions } from "@/components/ui/dialog-submit-actions";

/**
 * The content of the users page's form dialogs: focus on the first field when it opens (not on the close
 * button, Radix's choice), the server's form-level refusal on top (named by the form's aria-describedby, so
 * it is read with the form), the fields, then Cancel and the submit button, both held while the request is
 * under way.
 */
export function FormDialogContent({
  id,
  returnFocusTo,
  title,
  description,
  focusFirstField,
  onSubmit,
  error,
  submitting,
  submitLabel,
  submittingLabel,
  children,
}: {
  /** For a dialog opened by a button of its own (not a Radix Trigger): the id its aria-controls names. */
  id?: string;
  /** That button, which gets the focus back when the dialog closes, as a Radix Trigger would. */
  returnFocusTo?: RefObject<HTMLButtonElement | null>;
  title: string;
  description: string;
  focusFirstField: () => void;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  error: string | null;
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  children: React.ReactNode;
}) {
  const errorId = useId();
  return (
    <DialogContent
      id={id}
      onCloseAutoFocus={
        returnFocusTo
          ? (event) => {
              event.preventDefault();
              returnFocusTo.current?.focus();
            }
          : undefined
      }
      title={title}
      description={description}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        focusFirstField();
      }}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-describedby={error ? errorId : undefined}>
        {error ? <Alert id={errorId}>{error}</Alert> : null}
        {children}
        <DialogSubmitActions pending={submitting} label={submitLabel} pendingLabel={submittingLabel} className="pt-1" />
      </form>
    </DialogContent>
  );
}
