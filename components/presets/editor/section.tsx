/** The editor's sections, in order: each one's id (its anchor, `#section-<id>`) and title (its heading and its link). */
export const SECTION_TITLES = {
  model: "Model",
  "system-prompt": "System prompt",
  sampling: "Sampling",
  reasoning: "Reasoning",
  output: "Output",
  tools: "Tools",
  routing: "Routing",
  plugins: "Plugins",
  caching: "Caching",
  "server-tool-limits": "Server tool limits",
  metadata: "Metadata",
  other: "Service tier and images",
} as const;

export type EditorSectionId = keyof typeof SECTION_TITLES;

export const EDITOR_SECTION_IDS = Object.keys(SECTION_TITLES) as EditorSectionId[];

/** Enter in a section's only text field would submit its form: the editor saves through its Save button, never so. */
const keepOpen = (event: React.FormEvent) => event.preventDefault();

/**
 * One section of the editor, its fields a form of their own. Chromium's autofill reads the whole form a field
 * belongs to after each change of it, in a task of its own: with every section in one form (some 200 controls
 * with 20 metadata pairs and 10 tools) that was the longest task after a keystroke (10-17 ms); a section's form
 * is a tenth of it.
 */
export function EditorSection({
  id,
  description,
  children,
}: {
  id: EditorSectionId;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section
      id={`section-${id}`}
      aria-labelledby={`section-${id}-title`}
      className="scroll-mt-20 rounded-xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800"
    >
      <h2 id={`section-${id}-title`} className="text-base font-semibold">
        {SECTION_TITLES[id]}
      </h2>
      {description ? <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</div> : null}
      <form noValidate onSubmit={keepOpen} className="mt-4 space-y-4">
        {children}
      </form>
    </section>
  );
}

/** A bordered group inside a section (one tool, one plugin) with its own heading. */
export function SubCard({ title, actions, children }: { title: React.ReactNode; actions?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50/60 p-3 sm:p-4 dark:border-slate-800 dark:bg-slate-900/40">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{title}</h3>
        {actions ? <div className="flex flex-wrap gap-1.5">{actions}</div> : null}
      </div>
      <div className="space-y-4">{children}</div>
    </div>
  );
}
