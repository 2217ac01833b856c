"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { apiErrorMessage } from "@/lib/client/api-error-message";

/** Names are bounded by the API at 200 characters (run names, set names). */
const NAME_MAX_CHARS = 200;

/**
 * A name with a Rename button that turns into a one-line form in place: Enter saves, Escape (or "Keep the name")
 * cancels, and focus goes back to Rename either way, so the keyboard never loses its place. `save` gets the trimmed
 * name and rejects with the API's error, shown under the field (the form stays open to fix it). The one rename form
 * of the run page and the question-set page.
 */
export function InlineRenameForm({
  name,
  label,
  save,
  children,
  className,
  inputClassName = "w-full max-w-md",
  buttonVariant = "ghost",
}: {
  name: string;
  /** The field's accessible name ("Run name"). */
  label: string;
  save: (name: string) => Promise<unknown>;
  /** What shows beside Rename while not editing (the run's heading); none: the button alone. */
  children?: React.ReactNode;
  className?: string;
  inputClassName?: string;
  buttonVariant?: "ghost" | "secondary";
}) {
  const inputId = useId();
  const renameButton = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // Set when the form closes, so the Rename button takes focus once it is back on the page.
  const returnFocus = useRef(false);
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      renameButton.current?.focus();
    }
  }, [editing]);

  const close = () => {
    setEditing(false);
    setError(null);
    returnFocus.current = true;
  };
  const trimmed = draft.trim();

  if (!editing) {
    return (
      <div className={className ?? "flex min-w-0 flex-wrap items-baseline gap-2"}>
        {children}
        <Button ref={renameButton} size="sm" variant={buttonVariant} onClick={() => (setDraft(name), setEditing(true))}>
          Rename
        </Button>
      </div>
    );
  }
  return (
    <form
      className="flex basis-full flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (pending || trimmed === "" || trimmed === name) return;
        setPending(true);
        setError(null);
        save(trimmed).then(
          () => (setPending(false), close()),
          (failure: unknown) => (setPending(false), setError(failure)),
        );
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !pending) {
          event.preventDefault();
          close();
        }
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Input
        id={inputId}
        value={draft}
        maxLength={NAME_MAX_CHARS}
        onChange={(event) => setDraft(event.target.value)}
        className={inputClassName}
        aria-invalid={error ? true : undefined}
        autoFocus
      />
      <Button type="submit" size="sm" variant="primary" disabled={pending || trimmed === "" || trimmed === name}>
        {pending ? "Saving…" : "Save name"}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={close} disabled={pending}>
        Keep the name
      </Button>
      {error ? <Alert className="basis-full">{apiErrorMessage(error)}</Alert> : null}
    </form>
  );
}
