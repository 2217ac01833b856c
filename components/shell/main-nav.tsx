"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { clsx } from "clsx";
import { useHasRole } from "@/lib/client/current-user";
import { NAV_LINKS } from "./nav-links";

export function MainNav() {
  const pathname = usePathname();
  // Hiding is a courtesy: pages and the API check roles on the server.
  const hasRole = { viewer: useHasRole("viewer"), editor: useHasRole("editor"), admin: useHasRole("admin") };
  return (
    <nav aria-label="Main" className="-mx-1 flex min-w-0 gap-0.5 overflow-x-auto sm:gap-1">
      {NAV_LINKS.filter((link) => !link.minRole || hasRole[link.minRole]).map((link) => {
        const active = pathname === link.href || pathname.startsWith(`${link.href}/`);
        return (
          <Link
            key={link.href}
            href={link.href}
            aria-current={active ? "page" : undefined}
            className={clsx(
              "whitespace-nowrap rounded-md px-1 py-1.5 text-[13px] font-medium transition-colors sm:px-3 sm:text-sm",
              active
                ? "bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white"
                : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
            )}
          >
            {link.shortLabel ? (
              <>
                <span aria-hidden className="sm:hidden">
                  {link.shortLabel}
                </span>
                <span className="max-sm:sr-only">{link.label}</span>
              </>
            ) : (
              link.label
            )}
          </Link>
        );
      })}
    </nav>
  );
}
