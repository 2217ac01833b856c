"use client";

import * as Popover from "@radix-ui/react-popover";
import Link from "next/link";
import { useEffect, useRef, useState, useTransition, type RefObject } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { LazyPopupProps } from "@/components/ui/use-lazy-popup";
import type { Budget, SessionUser } from "@/lib/contract/bff/schemas";
import { readMyBudget } from "@/lib/client/queries/users";
import { formatUsd } from "@/lib/video-models/money";
import { signOutAction } from "@/app/(auth)/actions";
import { ROLE_TONE } from "./role-tone";

/**
 * The account menu's content, anchored to the header's account button (`UserMenu`). Its own chunk: Radix's
 * popper (floating-ui) is loaded on the way to the menu's first opening, not with every page.
 */
export default function AccountPopover({
  user,
  open,
  trigger,
  contentId,
  setOpen,
}: { user: SessionUser } & LazyPopupProps) {
  const [pending, startTransition] = useTransition();
  const interactedOutside = useRef(false);
  const budget = useOwnBudget(open);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Anchor virtualRef={trigger as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          id={contentId}
          align="end"
          sideOffset={6}
          // What Popover.Trigger would do: a press on the button itself toggles (not "outside, close, reopen"),
          // and closing returns focus to it unless the user clicked elsewhere.
          onInteractOutside={(event) => {
            if (trigger.current?.contains(event.target as Node)) event.preventDefault();
            else interactedOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!interactedOutside.current) trigger.current?.focus();
            interactedOutside.current = false;
          }}
          className="z-50 w-64 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="font-medium">{user.name}</p>
          <p className="truncate text-slate-600 dark:text-slate-400">{user.email}</p>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Role: <Badge tone={ROLE_TONE[user.role]}>{user.role}</Badge>
          </p>
          <BudgetLeft budget={budget} />
          <Link href="/account" onClick={() => setOpen(false)} className="mt-3 block font-medium text-brand-700 hover:underline dark:text-brand-100">
            Account and access tokens
          </Link>
          <Button
            variant="secondary"
            className="mt-3 w-full"
            disabled={pending}
            onClick={() => startTransition(() => signOutAction())}
          >
            {pending ? "Signing out…" : "Sign out"}
          </Button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The person's own budget, read each time the menu opens (what is left changes with every call). */
function useOwnBudget(open: boolean): Budget | "failed" | null {
  const [budget, setBudget] = useState<Budget | "failed" | null>(null);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    readMyBudget(controller.signal)
      .then(setBudget)
      .catch(() => {
        if (!controller.signal.aborted) setBudget("failed");
      });
    return () => controller.abort();
  }, [open]);
  return budget;
}

/** What is left of today's and this month's budget (UTC), from the ledger every feature spends on. */
function BudgetLeft({ budget }: { budget: Budget | "failed" | null }) {
  if (budget === "failed") return <p className="mt-2 text-slate-600 dark:text-slate-400">Your budget could not be read.</p>;
  const left = (window: Budget["day"]) => formatUsd(Math.max(0, window.limit_usd - window.spent_usd));
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 text-slate-600 dark:text-slate-400" data-testid="budget-left" aria-busy={budget === null}>
      <dt>Left today</dt>
      <dd className="text-right tabular-nums">{budget ? `${left(budget.day)} of ${formatUsd(budget.day.limit_usd)}` : "…"}</dd>
      <dt>This month</dt>
      <dd className="text-right tabular-nums">{budget ? `${left(budget.month)} of ${formatUsd(budget.month.limit_usd)}` : "…"}</dd>
    </dl>
  );
}
