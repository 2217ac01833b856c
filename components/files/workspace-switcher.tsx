"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Select } from "@/components/ui/input";
import { fileKeys, fileQueries, initialWorkspacesData, type InitialWorkspaces } from "@/lib/client/queries/files";

const DEFAULT_LABEL = "Default workspace";

/**
 * The server render's workspace list, put in the query cache as a HydrationBoundary would (without its code in
 * the page's first load): it seeds the query when nothing is cached, and replaces a cached list it is newer than
 * (a return visit), after the render, so the list shown is never older than the page.
 */
function useServerWorkspaces(initial: InitialWorkspaces | null) {
  const client = useQueryClient();
  const [seed] = useState(() => initialWorkspacesData(initial));
  useEffect(() => {
    if (!initial) return;
    const key = fileKeys.workspaces();
    if (initial.fetchedAt > (client.getQueryState(key)?.dataUpdatedAt ?? 0)) client.setQueryData(key, initial.list, { updatedAt: initial.fetchedAt });
  }, [client, initial]);
  return seed;
}

/** Picks the workspace whose files are listed; "" stands for the gateway's default workspace (no workspace_id). */
export function WorkspaceSwitcher({
  value,
  onChange,
  initial,
}: {
  value: string | null;
  onChange: (workspaceId: string | null) => void;
  /** The server render's list, for when nothing is cached yet. */
  initial: InitialWorkspaces | null;
}) {
  const id = useId();
  const workspaces = useQuery({ ...fileQueries.workspaces(), ...useServerWorkspaces(initial) });
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
