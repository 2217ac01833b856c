import { skippedNote } from "@/lib/format/skipped";

/** A short note under a list the BFF read entry by entry, when it had to leave some out. */
export function SkippedNote({ count, noun, suffix = "" }: { count: number | undefined; noun: string; suffix?: string }) {
  const note = skippedNote(count, noun);
  if (!note) return null;
  return (
    <p role="note" data-testid="skipped-note" className="text-xs text-slate-600 dark:text-slate-400">
      {note}
      {suffix}.
    </p>
  );
}
