"use client";

import { Badge } from "@/components/ui/badge";
import { lazyComponent } from "@/components/ui/lazy-component";
import { useLazyPopup } from "@/components/ui/use-lazy-popup";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { ROLE_TONE } from "./role-tone";

const AccountPopover = lazyComponent(() => import("./account-popover"));

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "?") + (parts[1]?.[0] ?? "")).toUpperCase();
}

/** The header's account button: who is signed in, with which role, and sign-out (in a popover loaded on first open). */
export function UserMenu({ user }: { user: SessionUser }) {
  const { triggerProps, render } = useLazyPopup(AccountPopover);
  return (
    <>
      <button
        type="button"
        aria-label={`Account: ${user.name} (${user.role})`}
        {...triggerProps}
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <span aria-hidden className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-100">
          {initials(user.name)}
        </span>
        <span className="hidden max-w-40 truncate sm:inline">{user.name}</span>
        <Badge tone={ROLE_TONE[user.role]}>{user.role}</Badge>
      </button>
      {render({ user })}
    </>
  );
}
