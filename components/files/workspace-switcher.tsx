"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Select } from "@/components/ui/input";
import { fileQueries } from "@/lib/client/queries/files";

const DEFAULT_LABEL = "Default workspace";

/** Picks the workspace whose files are listed; "" stands for the gateway's default workspace (no workspace_id). */
export function WorkspaceSwitcher({ value, onChange }: { value: string | null; onChange: (workspaceId: string | null) => void }) {
  const id = useId();
  const workspaces = useQuery(fileQueries.workspaces());
  const list = workspaces.data?.data ?? [];
  const unknown = value !== null && workspaces.isSuccess && !list.some((w) => w.id === value);
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-slate-700 dark:text-slate-300">
        Workspace
      </label>
      <Select
        id={id}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || null)}
        className="min-w-0 flex-1 sm:w-auto sm:max-w-[16rem] sm:flex-none"
        aria-describedby={workspaces.isError ? `${id}-error` : undefined}
      >
        <option value="">{DEFAULT_LABEL}</option>
        {list.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {/* The key's default workspace is listed by name too; the slug tells the two entries apart. */}
            {workspace.name === DEFAULT_LABEL && workspace.slug ? `${workspace.name} (${workspace.slug})` : workspace.name}
          </option>
        ))}
        {unknown ? <option value={value}>Unknown workspace ({value.slice(0, 8)}…)</option> : null}
        {value !== null && !workspaces.isSuccess ? <option value={value}>{value}</option> : null}
      </Select>
      {workspaces.isError ? (
        <span id={`${id}-error`} className="text-xs text-red-700 dark:text-red-400">
          Could not list workspaces
        </span>
      ) : null}
    </div>
  );
}
