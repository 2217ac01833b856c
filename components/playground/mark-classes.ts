/** The look of a cited span and its numbered marker, shared by the source and Markdown views. */
export const MARK_CLASS = "cited-span rounded-sm bg-amber-100 px-px text-inherit outline-offset-1 dark:bg-amber-400/20";
export const MARKER_CLASS = "ml-px select-none font-mono text-[0.7em] font-semibold text-amber-800 dark:text-amber-300";
