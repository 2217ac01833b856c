"use client";

import * as Popover from "@radix-ui/react-popover";
import { useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { SessionUser } from "@/lib/bff/schemas";
import { signOutAction } from "@/app/(auth)/actions";

const ROLE_TONE = { viewer: "neutral", editor: "brand", admin: "amber" } as const;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "?") + (parts[1]?.[0] ?? "")).toUpperCase();
}

/** The header's account button: who is signed in, with which role, and sign-out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const [pending, startTransition] = useTransition();
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={`Account: ${user.name} (${user.role})`}
          className="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <span aria-hidden className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-100">
            {initials(user.name)}
          </span>
          <span className="hidden max-w-40 truncate sm:inline">{user.name}</span>
          <Badge tone={ROLE_TONE[user.role]}>{user.role}</Badge>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          className="z-50 w-64 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="font-medium">{user.name}</p>
          <p className="truncate text-slate-600 dark:text-slate-400">{user.email}</p>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Role: <Badge tone={ROLE_TONE[user.role]}>{user.role}</Badge>
          </p>
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
