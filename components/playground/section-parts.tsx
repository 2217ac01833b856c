"use client";

import type { FieldIssue } from "@/lib/contract/gateway";
import type { RequestDraft } from "@/lib/playground/setup";

export interface SectionProps {
  request: RequestDraft;
  onChange: (request: RequestDraft) => void;
  issues: readonly FieldIssue[];
  disabled?: boolean;
}

export function SectionTitle({ children, aside }: { children: React.ReactNode; aside?: React.ReactNode }) {
  return (
    <legend className="mb-2 flex w-full items-center justify-between gap-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
      <span>{children}</span>
      {aside}
    </legend>
  );
}
