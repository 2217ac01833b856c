"use client";

import { useEffect, useRef, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { BUDGET_MAX_USD, type Budget, type User } from "@/lib/contract/bff/schemas";
import { readUserBudget, updateUserBudget } from "@/lib/client/queries/users";
import { formatUsd } from "@/lib/video-models/money";
import { placeApiError } from "./api-errors";
import { FormDialogContent } from "./form-dialog-content";
import type { UserActionDialogProps } from "./user-action-dialog-props";

type Limits = { day: string; month: string };

/** An empty field is the default; otherwise a positive number of dollars up to BUDGET_MAX_USD. */
function parseLimit(text: string): { value: number | null } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === "") return { value: null };
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value <= 0) return { error: "must be more than 0 (empty: the default)" };
  if (value > BUDGET_MAX_USD) return { error: `must be at most ${BUDGET_MAX_USD}` };
  return { value };
}

function shown(budget: Budget, window: "day" | "month"): string {
  return budget[window].is_default ? "" : String(budget[window].limit_usd);
}

/**
 * Sets a person's spending budget per UTC day and calendar month (PUT /api/users/[id]/budget): what every gateway
 * call they make reserves against on the ledger. Empty fields fall back to the settings' defaults.
 */
export function BudgetDialog({ user, onOpenChange, onFailed, onDone }: UserActionDialogProps & { onDone: (user: User, budget: Budget) => void }) {
  const [budget, setBudget] = useState<Budget | null>(null);
  const [limits, setLimits] = useState<Limits>({ day: "", month: "" });
  const [errors, setErrors] = useState<Partial<Limits>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const dayInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!user) return;
    const controller = new AbortController();
    readUserBudget(user.id, controller.signal)
      .then((read) => {
        setBudget(read);
        setLimits({ day: shown(read, "day"), month: shown(read, "month") });
      })
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) setFormError(placeApiError(caught, {}).form);
      });
    return () => controller.abort();
  }, [user]);

  // A field's refusal goes once it is changed: what it named no longer stands.
  const change = (window: keyof Limits, value: string) => {
    setLimits((old) => ({ ...old, [window]: value }));
    setErrors((old) => ({ ...old, [window]: undefined }));
  };

  const close = (next: boolean) => {
    if (submitting) return;
    if (!next) {
      setBudget(null);
      setErrors({});
      setFormError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!user) return;
    const day = parseLimit(limits.day);
    const month = parseLimit(limits.month);
    const found: Partial<Limits> = {};
    if ("error" in day) found.day = `Per day ${day.error}`;
    if ("error" in month) found.month = `Per month ${month.error}`;
    setErrors(found);
    if ("error" in day || "error" in month) return;
    setSubmitting(true);
    setFormError(null);
    try {
      const saved = await updateUserBudget(user.id, { day_usd: day.value, month_usd: month.value });
      setSubmitting(false);
      onDone(user, saved);
    } catch (caught) {
      setSubmitting(false);
      onFailed?.(caught);
      const placed = placeApiError(caught, { day_usd: "Per day", month_usd: "Per month" });
      setErrors({ day: placed.fields.day_usd, month: placed.fields.month_usd });
      setFormError(placed.form);
    }
  };

  const spent = (window: "day" | "month") =>
    budget ? `${formatUsd(budget[window].spent_usd)} spent ${window === "day" ? "today" : "this month"} (UTC); default ${budget[window].is_default ? `in use: ${formatUsd(budget[window].limit_usd)}` : "when empty"}.` : "Loading what was spent…";

  return (
    <Dialog open={user !== null} onOpenChange={close}>
      {user ? (
        <FormDialogContent
          title={`Spending budget of ${user.name}`}
          description={`What ${user.email}'s gateway calls may cost, in US dollars: playground answers, preset tries, evaluations and videos together. Each call reserves its most before it is made; past the budget it is refused. Leave a field empty for the default.`}
          focusFirstField={() => dayInput.current?.focus()}
          onSubmit={(event) => void submit(event)}
          error={formError}
          submitting={submitting}
          submitLabel="Save budget"
          submittingLabel="Saving…"
        >
          <Field label="Per day (USD)" hint={spent("day")} error={errors.day}>
            {(control) => <Input {...control} ref={dayInput} name="day_usd" inputMode="decimal" autoComplete="off" value={limits.day} onChange={(event) => change("day", event.target.value)} />}
          </Field>
          <Field label="Per calendar month (USD)" hint={spent("month")} error={errors.month}>
            {(control) => <Input {...control} name="month_usd" inputMode="decimal" autoComplete="off" value={limits.month} onChange={(event) => change("month", event.target.value)} />}
          </Field>
        </FormDialogContent>
      ) : null}
    </Dialog>
  );
}
