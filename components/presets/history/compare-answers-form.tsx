"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { COMPARE_DEFAULT_QUESTION, compareAnswersHref } from "@/lib/playground/preset-compare";
import type { ComparePair } from "@/lib/presets/search-params";

/**
 * "Compare answers": opens the playground with the two versions side by side, asking one question.
 * The button is a link (it can be opened in a new tab or copied); Enter in the question follows it.
 */
export function CompareAnswersForm({ slug, pair }: { slug: string; pair: ComparePair }) {
  const router = useRouter();
  const id = useId();
  const [question, setQuestion] = useState(COMPARE_DEFAULT_QUESTION);
  const href = compareAnswersHref({ slug, from: pair.from, to: pair.to, question });
  return (
    <form
      aria-label="Compare answers"
      className="flex flex-wrap items-end gap-2 rounded-md bg-slate-50 p-3 dark:bg-slate-900/60"
      onSubmit={(event) => {
        event.preventDefault();
        router.push(href);
      }}
    >
      <div className="min-w-0 flex-1 basis-64">
        <label htmlFor={id} className="mb-0.5 block text-xs font-medium text-slate-700 dark:text-slate-300">
          Question for both versions
        </label>
        <Input id={id} value={question} onChange={(event) => setQuestion(event.target.value)} />
      </div>
      <Button asChild size="md" variant="primary">
        <Link href={href}>
          Compare answers of v{pair.from} and v{pair.to}
        </Link>
      </Button>
    </form>
  );
}
