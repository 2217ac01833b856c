import Link from "next/link";

/** The page's title, what it is for, and its actions: buttons, or `link` to the page it pairs with (its list, a new one). */
export function PageHeader({ title, description, actions, link }: { title: string; description?: string; actions?: React.ReactNode; link?: { href: string; label: string } }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      </div>
      {actions || link ? (
        <div className="flex flex-wrap gap-2">
          {actions}
          {link ? (
            <Link href={link.href} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100">
              {link.label}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
