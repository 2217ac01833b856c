"use client";

/** The file list's frame: the status line (with a passing notice), the actions beside it, the list below. */
export function ListShell({
  status,
  notice,
  actions,
  children,
}: {
  status: string;
  notice?: string | null;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <>
      <div className="mb-2 flex min-h-8 flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300" data-testid="files-status">
          {status}
          {notice ? <span className="ml-2 font-medium text-emerald-700 dark:text-emerald-400">{notice}</span> : null}
        </p>
        {actions ? <div className="flex flex-wrap items-center gap-1">{actions}</div> : null}
      </div>
      {children}
    </>
  );
}
