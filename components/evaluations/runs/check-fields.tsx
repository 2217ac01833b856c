"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Select, SelectOptions } from "@/components/ui/input";
import { CHECK_KIND_HINTS, CHECK_KIND_NAMES, checkSpelling, type CheckKindName } from "@/lib/evaluations/runs/plan-form";

/** The engine's parser, loaded on the first check added (it brings zod and RE2, which the page need not load first). */
const loadParser = () => import("@/lib/evaluations/check-spelling").then((module) => module.parseCheck);

/**
 * The run's checks, spelled as the CLI spells them (`kind:argument`): a kind, its argument, validated by the
 * engine's own parser before it joins the list, so a check the runner would refuse never reaches the plan.
 */
export function CheckFields({ checks, error, onChange }: { checks: string[]; error?: string; onChange: (checks: string[]) => void }) {
  const [kind, setKind] = useState<CheckKindName>("min-citations");
  const [arg, setArg] = useState("");
  const [problem, setProblem] = useState<string | undefined>(undefined);

  async function add() {
    const spelling = checkSpelling(kind, arg);
    const parsed = (await loadParser())(spelling);
    if (!parsed.ok) return setProblem(parsed.message);
    if (checks.includes(spelling)) return setProblem(`"${spelling}" is in the list already`);
    setProblem(undefined);
    setArg("");
    onChange([...checks, spelling]);
  }

  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <legend className="px-1 text-sm font-semibold">Checks</legend>
      {checks.length > 0 ? (
        <ul className="space-y-1" data-testid="plan-checks">
          {checks.map((check) => (
            <li key={check} className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-2 py-1 text-sm dark:bg-slate-900">
              <code className="break-all">{check}</code>
              <Button size="sm" variant="ghost" aria-label={`Remove check ${check}`} onClick={() => onChange(checks.filter((other) => other !== check))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">No checks: the run records answers, citations, cost and time only.</p>
      )}
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
        <Field label="Kind">
          {(control) => (
            <Select {...control} value={kind} onChange={(event) => setKind(event.target.value as CheckKindName)} data-testid="check-kind">
              <SelectOptions values={CHECK_KIND_NAMES} />
            </Select>
          )}
        </Field>
        <Field label="Argument" hint={CHECK_KIND_HINTS[kind]} error={problem ?? error}>
          {(control) => (
            <Input
              {...control}
              value={arg}
              data-testid="check-arg"
              onChange={(event) => setArg(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== "Enter") return;
                event.preventDefault();
                void add();
              }}
            />
          )}
        </Field>
        <Button className="sm:mt-6" onClick={() => void add()}>
          Add check
        </Button>
      </div>
    </fieldset>
  );
}
