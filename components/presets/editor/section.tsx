export const EDITOR_SECTIONS = [
  { id: "model", title: "Model" },
  { id: "system-prompt", title: "System prompt" },
  { id: "sampling", title: "Sampling" },
  { id: "reasoning", title: "Reasoning" },
  { id: "output", title: "Output" },
  { id: "tools", title: "Tools" },
  { id: "routing", title: "Routing" },
  { id: "plugins", title: "Plugins" },
  { id: "caching", title: "Caching" },
  { id: "server-tool-limits", title: "Server tool limits" },
  { id: "metadata", title: "Metadata" },
  { id: "other", title: "Service tier and images" },
] as const;

export type EditorSectionId = (typeof EDITOR_SECTIONS)[number]["id"];

export function EditorSection({
  id,
  title,
  description,
  children,
}: {
  id: EditorSectionId;
  title: string;
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
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</div> : null}
      <div className="mt-4 space-y-4">{children}</div>
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
