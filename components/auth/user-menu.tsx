"use client";

import { lazy, Suspense, useId, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import type { SessionUser } from "@/lib/bff/schemas";
import { ROLE_TONE } from "./role-tone";

const AccountPopover = lazy(() => import("./account-popover"));

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "?") + (parts[1]?.[0] ?? "")).toUpperCase();
}

/** The header's account button: who is signed in, with which role, and sign-out (in a popover loaded on first open). */
export function UserMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label={`Account: ${user.name} (${user.role})`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        data-state={open ? "open" : "closed"}
        onClick={() => setOpen((was) => !was)}
        // Fetch the popover's code as soon as the pointer is on its way, so the click opens it at once.
        onPointerEnter={() => void import("./account-popover")}
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <span aria-hidden className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-100">
          {initials(user.name)}
        </span>
        <span className="hidden max-w-40 truncate sm:inline">{user.name}</span>
        <Badge tone={ROLE_TONE[user.role]}>{user.role}</Badge>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AccountPopover user={user} trigger={trigger} contentId={contentId} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
