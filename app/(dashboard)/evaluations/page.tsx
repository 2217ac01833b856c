import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Evaluations" };

const SECTIONS = [
  { href: "/evaluations/sets", title: "Question sets", text: "Versioned lists of questions, with what a good answer holds. Import them from CSV or JSONL." },
  { href: "/evaluations/runs", title: "Runs", text: "Ask a set's questions of preset versions or models, within a spending cap, and compare the answers." },
] as const;

/** The evaluations hub: where question sets and runs live. A server page with no data and no client code. */
export default function Page() {
  return (
    <>
      <PageHeader title="Evaluations" description="Measure how preset versions and models answer the questions that matter to you." />
      <ul className="grid gap-4 sm:grid-cols-2">
        {SECTIONS.map((section) => (
          <li key={section.href}>
            <Link
              href={section.href}
              className="block h-full rounded-xl border border-slate-200 p-5 transition-colors hover:border-brand-500 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-800 dark:hover:bg-slate-900"
            >
              <h2 className="text-base font-semibold text-brand-700 dark:text-sky-300">{section.title}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{section.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
