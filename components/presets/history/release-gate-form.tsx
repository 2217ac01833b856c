"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { questionSetQueries } from "@/lib/client/queries/evaluation-sets";
import { releaseGateKeys, saveReleaseGate } from "@/lib/client/queries/release-gates";
import { replaceQueryData } from "@/lib/client/queries/replace-query-data";
import type { ReleaseGate } from "@/lib/contract/bff/release-gates";

type Draft = Record<"set_id" | "checks" | "pass" | "precision" | "regressions" | "cost" | "latency", string>;

function draftOf(gate: ReleaseGate | null): Draft {
  const text = (value: number | undefined, scale = 1) => (value === undefined ? "" : String(Math.round(value * scale * 1000) / 1000));
  return {
    set_id: gate?.set_id ?? "",
    checks: gate?.checks.join("\n") ?? "",
    pass: text(gate?.min_pass_rate, 100),
    precision: text(gate?.min_citation_precision, 100),
    regressions: text(gate?.max_regressions),
    cost: text(gate?.max_cost_per_answer_usd),
    latency: text(gate?.max_latency_p95_ms),
  };
}

/** The draft as the API takes it; blank thresholds are left out (the server's schema says what is wrong with the rest). */
function gateOf(draft: Draft): ReleaseGate {
  const number = (raw: string, scale = 1) => (raw.trim() === "" ? undefined : Number(raw) / scale);
  const gate = {
    set_id: draft.set_id,
    checks: draft.checks.split("\n").map((line) => line.trim()).filter((line) => line !== ""),
    min_pass_rate: number(draft.pass, 100),
    min_citation_precision: number(draft.precision, 100),
    max_regressions: number(draft.regressions),
    max_cost_per_answer_usd: number(draft.cost),
    max_latency_p95_ms: number(draft.latency),
  };
  return Object.fromEntries(Object.entries(gate).filter(([, value]) => value !== undefined)) as ReleaseGate;
}

const THRESHOLDS: { key: keyof Draft; label: string; hint: string }[] = [
  { key: "pass", label: "Minimum pass rate (%)", hint: "Answers passing every gate check." },
  { key: "precision", label: "Minimum citation precision (%)", hint: "Needs a citation-support check." },
  { key: "regressions", label: "At most this many regressions", hint: "Questions the designated version passes and this one does not, in the same run." },
  { key: "cost", label: "Cost ceiling per answer (USD)", hint: "" },
  { key: "latency", label: "p95 latency ceiling (ms)", hint: "" },
];

/** Sets, changes or removes a preset's release gate (admins). */
export function ReleaseGateForm({ slug, gate, onDone }: { slug: string; gate: ReleaseGate | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const sets = useQuery(questionSetQueries.list());
  const [draft, setDraft] = useState(() => draftOf(gate));
  const save = useMutation({
    mutationFn: (next: ReleaseGate | null) => saveReleaseGate(slug, next),
    onSuccess: async (state) => {
      await replaceQueryData(queryClient, releaseGateKeys.state(slug), state);
      onDone();
    },
  });
  const set = (key: keyof Draft) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setDraft({ ...draft, [key]: event.target.value });

  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(gateOf(draft));
      }}
    >
      <Field label="Question set">
        {(control) => (
          <Select {...control} value={draft.set_id} onChange={set("set_id")} required>
            <option value="">Choose a question set</option>
            {(sets.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Checks, one per line" hint="Spelled as for a run: min-citations:2, no-domain:example.net, citation-support">
        {(control) => <Textarea {...control} value={draft.checks} onChange={set("checks")} rows={3} required />}
      </Field>
      {THRESHOLDS.map((threshold) => (
        <Field key={threshold.key} label={threshold.label} hint={threshold.hint || undefined}>
          {(control) => <Input {...control} inputMode="decimal" value={draft[threshold.key]} onChange={set(threshold.key)} />}
        </Field>
      ))}
      {save.error ? <Alert className="sm:col-span-2">{apiErrorMessage(save.error)}</Alert> : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save the gate"}
        </Button>
        {gate ? (
          <Button type="button" variant="danger" disabled={save.isPending} onClick={() => save.mutate(null)}>
            Remove the gate
          </Button>
        ) : null}
        <Button type="button" variant="ghost" onClick={onDone}>
          Keep as it was
        </Button>
      </div>
    </form>
  );
}
