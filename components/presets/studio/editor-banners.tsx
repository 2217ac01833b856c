"use client";

import { RelativeTime } from "@/components/ui/relative-time";
import { Alert } from "@/components/ui/alert";

/** A draft from this browser was put back into the form. */
export function RestoredDraftBanner({ restoredAt, baseVersion, onDiscard }: { restoredAt: number; baseVersion: number | null; onDiscard: () => void }) {
  return (
    <div role="status" className="rounded-md border border-brand-100 bg-brand-50 p-3 text-sm dark:border-brand-700/50 dark:bg-brand-700/20">
      Restored your unsaved draft from <RelativeTime value={restoredAt} />
      {baseVersion !== null ? ` (started from version ${baseVersion})` : ""}.{" "}
      <button type="button" className="font-medium underline" onClick={onDiscard}>
        Discard draft
      </button>
    </div>
  );
}

/** A newer version was designated while this edit was open; `onReviewConflict` when a conflict waits closed. */
export function BehindBanner({
  designatedVersion,
  author,
  baseVersion,
  onReviewConflict,
}: {
  designatedVersion: number | undefined;
  author: string | null;
  baseVersion: number | undefined;
  onReviewConflict: (() => void) | null;
}) {
  return (
    <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950/40">
      Version {designatedVersion} was saved{author ? ` by ${author}` : ""} while you edit version {baseVersion}. Saving will show both
      changes side by side first.
      {onReviewConflict ? (
        <>
          {" "}
          <button type="button" className="font-medium underline" onClick={onReviewConflict}>
            Review the conflict
          </button>
        </>
      ) : null}
    </div>
  );
}

/** Why the save did not open its review. */
export function ProblemsAlert({ problems }: { problems: readonly { path: string; message: string }[] }) {
  return (
    <Alert className="p-3">
      <p className="font-medium">Fix {problems.length === 1 ? "this problem" : `these ${problems.length} problems`} before saving:</p>
      <ul className="mt-1 list-disc pl-5">
        {problems.map((problem) => (
          <li key={`${problem.path}:${problem.message}`}>{problem.message}</li>
        ))}
      </ul>
    </Alert>
  );
}
