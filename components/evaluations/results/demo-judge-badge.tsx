/** Marks verdicts of the embedded gateway's demo judge (word overlap), wherever they are shown. */
export function DemoJudgeBadge() {
  return (
    <span data-testid="demo-judge" className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
      demo judge
    </span>
  );
}
