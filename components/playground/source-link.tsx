import { safeHttpUrl } from "@/lib/citations";

/**
 * A source's title as a link when (and only when) its URL is http(s); anything else, a
 * javascript: URL say, is inert text with the raw URL shown so nothing is hidden.
 */
export function SourceLink({ url, title, className }: { url: string; title: string; className?: string }) {
  const href = safeHttpUrl(url);
  if (!href) {
    return (
      <span className={className} data-testid="inert-source">
        {title} <span className="font-mono text-xs text-slate-600 dark:text-slate-400">({url}: not a web link)</span>
      </span>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={`${className ?? ""} underline decoration-slate-400 underline-offset-2 hover:decoration-brand-600`}>
      {title}
    </a>
  );
}
