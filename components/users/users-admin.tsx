"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense, useRef, useState } from "react";
import { useCurrentUser } from "@/lib/client/current-user";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { ROLES, type Role } from "@/lib/contract/bff/roles";
import type { User } from "@/lib/contract/bff/schemas";
import { isApiStatus } from "@/lib/client/api-error-message";
import { updateUser, userKeys, userQueries } from "@/lib/client/queries/users";
import { AddUserButton } from "./add-user-button";
import { AdminsOnly } from "./admins-only";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { ROLE_INFO } from "./roles";
import { UserList } from "./user-list";
import { Alert } from "@/components/ui/alert";
import { lazyNamed } from "@/components/ui/lazy-component";
import { useNeededOnce } from "@/components/ui/use-needed-once";
import { formatUsd } from "@/lib/video-models/money";

// The row actions' dialogs are chunks of their own (the reset form brings react-hook-form and zod), fetched when
// the pointer or the focus reaches the list and mounted on first use.
const ResetPasswordDialog = lazyNamed(() => import("./reset-password-dialog"), "ResetPasswordDialog");
const RemoveUserDialog = lazyNamed(() => import("./remove-user-dialog"), "RemoveUserDialog");
const BudgetDialog = lazyNamed(() => import("./budget-dialog"), "BudgetDialog");
const prefetchRowDialogs = () => void Promise.all([ResetPasswordDialog.preload(), RemoveUserDialog.preload(), BudgetDialog.preload()]);

const isRole = (value: unknown): value is Role => ROLES.some((role) => role === value);

type Notice = { tone: "success" | "error"; text: string } | null;

const who = (user: User) => (user.name && user.name !== user.email ? `${user.name} (${user.email})` : user.email);

/**
 * The users admin page: the list, adding, inline role changes, password resets and removal. Every
 * refusal the API gives is shown with its own words; a 403 (this admin was demoted meanwhile) turns
 * the page into the admins-only notice.
 */
export function UsersAdmin() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const list = useQuery(userQueries.list());
  const [notice, setNotice] = useState<Notice>(null);
  const [pendingRoles, setPendingRoles] = useState<Record<string, Role>>({});
  // The newest role asked for per user: an older answer arriving late must not overwrite it.
  const latestRole = useRef(new Map<string, Role>());
  const [resetting, setResetting] = useState<User | null>(null);
  const [budgeting, setBudgeting] = useState<User | null>(null);
  const [removing, setRemoving] = useState<User | null>(null);
  const rowDialogsUsed = useNeededOnce(resetting !== null || removing !== null || budgeting !== null);
  const removedRef = useRef(false);
  const addButton = useRef<HTMLButtonElement>(null);

  const replaceUser = (updated: User) =>
    queryClient.setQueryData<User[]>(userKeys.list(), (old) => old?.map((user) => (user.id === updated.id ? updated : user)));

  const refuse = (error: unknown) => {
    // Gone already (404) or no longer admin (403): the list shows what is true now.
    if (isApiStatus(error, 403, 404)) void queryClient.invalidateQueries({ queryKey: userKeys.list() });
  };

  const changeRole = async (user: User, role: Role) => {
    latestRole.current.set(user.id, role);
    setPendingRoles((pending) => ({ ...pending, [user.id]: role }));
    setNotice(null);
    const settle = () => {
      if (latestRole.current.get(user.id) !== role) return false;
      latestRole.current.delete(user.id);
      setPendingRoles(({ [user.id]: _done, ...rest }) => rest);
      return true;
    };
    try {
      const updated = await updateUser(user.id, { role });
      if (!settle()) return;
      replaceUser(updated);
      setNotice({ tone: "success", text: `${who(updated)} is now ${ROLE_INFO[updated.role].label.toLowerCase()}.` });
    } catch (error) {
      if (!settle()) return;
      setNotice({ tone: "error", text: `The role of ${user.email} stays ${ROLE_INFO[user.role].label.toLowerCase()}: ${apiErrorMessage(error)}` });
      refuse(error);
    }
  };

  if (isApiStatus(list.error, 403)) {
    const role = list.error.metadata?.role;
    return <AdminsOnly role={isRole(role) ? role : undefined} />;
  }

  const users = list.data;
  const admins = users?.filter((user) => user.role === "admin").length ?? 0;

  return (
    <>
      <PageHeader
        title="Users"
        description={
          users
            ? `${users.length} ${users.length === 1 ? "person" : "people"}, ${admins} ${admins === 1 ? "admin" : "admins"}. Role changes and removals apply at once.`
            : "Who may sign in to this Gatehouse, and with which role."
        }
        actions={
          <AddUserButton
            ref={addButton}
            onAdded={(user) => {
              queryClient.setQueryData<User[]>(userKeys.list(), (old) =>
                old ? [...old, user].sort((a, b) => a.email.localeCompare(b.email)) : old,
              );
              void queryClient.invalidateQueries({ queryKey: userKeys.list() });
              setNotice({ tone: "success", text: `Added ${who(user)} as ${ROLE_INFO[user.role].label.toLowerCase()}.` });
            }}
          />
        }
      />

      <dl className="mb-4 grid gap-x-6 gap-y-1 text-sm text-slate-600 sm:grid-cols-3 dark:text-slate-400">
        {Object.values(ROLE_INFO).map((info) => (
          <div key={info.label}>
            <dt className="inline font-medium text-slate-800 dark:text-slate-200">{info.label}: </dt>
            <dd className="inline">{info.description}</dd>
          </div>
        ))}
      </dl>

      {/* Live regions stay in the page so what appears in them is announced. */}
      <div role="status" aria-live="polite">
        {notice?.tone === "success" ? (
          <p className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-100">
            {notice.text}
          </p>
        ) : null}
      </div>
      <div role="alert">
        {notice?.tone === "error" ? (
          <Alert live={false} className="mb-4 flex flex-wrap items-start justify-between gap-2">
            <span>{notice.text}</span>
            <button type="button" onClick={() => setNotice(null)} className="shrink-0 text-xs font-medium underline">
              Dismiss
            </button>
          </Alert>
        ) : null}
      </div>

      {list.isError ? (
        <EmptyState title="Could not load the users" action={<Button onClick={() => void list.refetch()}>Try again</Button>}>
          {apiErrorMessage(list.error)}
        </EmptyState>
      ) : !users ? (
        <div role="status" aria-label="Loading users" className="space-y-2">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-12 w-full" />
          ))}
        </div>
      ) : (
        <div onPointerEnter={prefetchRowDialogs} onFocus={prefetchRowDialogs}>
          <UserList
            users={users}
            selfId={me.id}
            pendingRoles={pendingRoles}
            onRoleChange={(user, role) => void changeRole(user, role)}
            onResetPassword={(user) => setResetting(user)}
            onBudget={(user) => setBudgeting(user)}
            onRemove={(user) => {
              removedRef.current = false;
              setRemoving(user);
            }}
          />
        </div>
      )}

      {rowDialogsUsed ? (
        <Suspense fallback={null}>
          <ResetPasswordDialog
            user={resetting}
            onOpenChange={(open) => !open && setResetting(null)}
            onFailed={refuse}
            onDone={(user) => {
              setResetting(null);
              replaceUser(user);
              setNotice({ tone: "success", text: `New password set for ${who(user)}.` });
            }}
          />
          <BudgetDialog
            user={budgeting}
            onOpenChange={(open) => !open && setBudgeting(null)}
            onFailed={refuse}
            onDone={(user, budget) => {
              setBudgeting(null);
              setNotice({ tone: "success", text: `Budget of ${who(user)}: ${formatUsd(budget.day.limit_usd)} a day, ${formatUsd(budget.month.limit_usd)} a month.` });
            }}
          />
          <RemoveUserDialog
            user={removing}
            onOpenChange={(open) => !open && setRemoving(null)}
            onFailed={refuse}
            onRemoved={(user) => {
              removedRef.current = true;
              setRemoving(null);
              queryClient.setQueryData<User[]>(userKeys.list(), (old) => old?.filter((other) => other.id !== user.id));
              void queryClient.invalidateQueries({ queryKey: userKeys.list() });
              setNotice({ tone: "success", text: `Removed ${who(user)}.` });
            }}
            onCloseAutoFocus={(event) => {
              // The row's Remove button is gone: continue from the page's main action instead of the top of the page.
              if (!removedRef.current) return;
              event.preventDefault();
              addButton.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
