"use client";

import { clsx } from "clsx";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select, SelectOptions } from "@/components/ui/input";
import { RelativeTime } from "@/components/ui/relative-time";
import { ROLES, type Role } from "@/lib/contract/bff/roles";
import type { User } from "@/lib/contract/bff/schemas";
import { ROLE_INFO, SOURCE_LABEL } from "./roles";
import { Table, TableBody, TableHead } from "@/components/ui/table";

export interface UserListProps {
  users: readonly User[];
  /** The signed-in admin: their own role and account cannot be changed here (the API refuses too). */
  selfId: string;
  /** Roles chosen but not yet confirmed by the server, by user id. */
  pendingRoles: Readonly<Record<string, Role>>;
  onRoleChange: (user: User, role: Role) => void;
  onResetPassword: (user: User) => void;
  onBudget: (user: User) => void;
  onRemove: (user: User) => void;
}

function RoleControl({ user, isSelf, pending, onChange }: { user: User; isSelf: boolean; pending?: Role; onChange: (role: Role) => void }) {
  if (isSelf) {
    return (
      <span className="inline-flex flex-col items-start gap-0.5">
        <Badge tone={ROLE_INFO[user.role].tone}>{ROLE_INFO[user.role].label}</Badge>
        <span className="text-xs text-slate-600 dark:text-slate-400">Your own role: another admin can change it.</span>
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-2">
      <Select
        aria-label={`Role of ${user.email}`}
        value={pending ?? user.role}
        aria-busy={pending !== undefined}
        onChange={(event) => onChange(event.target.value as Role)}
        className="w-auto min-w-28"
      >
        <SelectOptions values={ROLES} label={(role) => ROLE_INFO[role].label} />
      </Select>
      {pending ? (
        <span aria-hidden className="text-xs text-slate-600 dark:text-slate-400">
          Saving…
        </span>
      ) : null}
    </span>
  );
}

const KeyIcon = () => (
  <svg aria-hidden viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="h-4 w-4">
    <circle cx="7" cy="13" r="3.5" />
    <path d="M9.5 10.5 16 4m-2.5 2.5 2 2M12 8l1.5 1.5" strokeLinecap="round" />
  </svg>
);

const TrashIcon = () => (
  <svg aria-hidden viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="h-4 w-4">
    <path d="M4 6h12M8 6V4h4v2m-6 0 .7 10h6.6L14 6" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

function RowActions({ user, isSelf, onResetPassword, onBudget, onRemove }: { user: User; isSelf: boolean } & Pick<UserListProps, "onResetPassword" | "onBudget" | "onRemove">) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <Button size="sm" onClick={() => onBudget(user)}>
        Budget<span className="sr-only"> of {user.email}</span>
      </Button>
      {user.provider === "credentials" ? (
        <Button size="sm" onClick={() => onResetPassword(user)}>
          <KeyIcon />
          Reset password<span className="sr-only"> of {user.email}</span>
        </Button>
      ) : null}
      {isSelf ? null : (
        <Button size="sm" onClick={() => onRemove(user)} className="text-red-700! dark:text-red-300!">
          <TrashIcon />
          Remove<span className="sr-only"> {user.email}</span>
        </Button>
      )}
    </div>
  );
}

function Who({ user, isSelf }: { user: User; isSelf: boolean }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
        <span className="font-medium">{user.name}</span>
        {isSelf ? <Badge tone="green">You</Badge> : null}
      </span>
      <span className="block break-all text-slate-600 dark:text-slate-400">{user.email}</span>
    </>
  );
}

/**
 * The users, as a table from medium widths up and as one card per user below (a 360 px phone has no
 * room for five columns). Both render from the same props, so a pending role shows in either.
 */
export function UserList({ users, selfId, pendingRoles, onRoleChange, onResetPassword, onBudget, onRemove }: UserListProps) {
  return (
    <>
      <Table framed wrapperClassName="hidden md:block" data-testid="user-table">
        <caption className="sr-only">Users</caption>
        <TableHead
          framed
          columns={[
            "User",
            "Signs in with",
            { label: "Added", className: "hidden lg:table-cell" },
            "Role",
            { label: <span className="sr-only">Actions</span>, className: "text-right" },
          ]}
        />
        <TableBody>
          {users.map((user) => {
            const isSelf = user.id === selfId;
            return (
              <tr key={user.id} data-user-email={user.email}>
                <th scope="row" className="px-3 py-2.5 align-top font-normal">
                  <Who user={user} isSelf={isSelf} />
                </th>
                <td className="px-3 py-2.5 align-top">{SOURCE_LABEL[user.provider]}</td>
                <td className="hidden whitespace-nowrap px-3 py-2.5 align-top lg:table-cell">
                  <RelativeTime value={user.created_at} />
                </td>
                <td className="px-3 py-2 align-top">
                  <RoleControl user={user} isSelf={isSelf} pending={pendingRoles[user.id]} onChange={(role) => onRoleChange(user, role)} />
                </td>
                <td className="px-3 py-2 align-top">
                  <RowActions user={user} isSelf={isSelf} onResetPassword={onResetPassword} onBudget={onBudget} onRemove={onRemove} />
                </td>
              </tr>
            );
          })}
        </TableBody>
      </Table>

      <ul aria-label="Users" className="space-y-3 md:hidden">
        {users.map((user) => {
          const isSelf = user.id === selfId;
          return (
            <li
              key={user.id}
              data-user-email={user.email}
              className={clsx("rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-800", isSelf && "bg-slate-50 dark:bg-slate-900")}
            >
              <Who user={user} isSelf={isSelf} />
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {SOURCE_LABEL[user.provider]} · added <RelativeTime value={user.created_at} />
              </p>
              <div className="mt-3 flex flex-wrap items-end justify-between gap-2">
                <RoleControl user={user} isSelf={isSelf} pending={pendingRoles[user.id]} onChange={(role) => onRoleChange(user, role)} />
                <RowActions user={user} isSelf={isSelf} onResetPassword={onResetPassword} onBudget={onBudget} onRemove={onRemove} />
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
