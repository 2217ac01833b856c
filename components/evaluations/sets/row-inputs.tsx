"use client";

import { memo } from "react";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { FIELD_LABELS, type DraftField, type DraftRow, type RowErrors } from "@/lib/question-sets/draft";

type Change = (key: number, patch: Partial<Omit<DraftRow, "key">>) => void;

/** A field's error under its input, tied to it by aria-describedby, worded with the field's name. */
function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
      {text}
    </p>
  ) : null;
}

/** The ids and aria props one field of one row needs: its name says the row ("Question, row 3"). */
function fieldProps(row: DraftRow, number: number, field: DraftField, errors: RowErrors | undefined) {
  const errorId = `row-${row.key}-${field}-error`;
  return {
    errorId,
    control: {
      "aria-label": `${FIELD_LABELS[field]}, row ${number}`,
      "aria-invalid": Boolean(errors?.[field]),
      "aria-describedby": errors?.[field] ? errorId : undefined,
    },
  };
}

/** One editable row of the set: memoised, so typing re-renders this row only. */
export const RowInputs = memo(function RowInputs({
  row,
  number,
  errors,
  autoFocus,
  onChange,
  onRemove,
}: {
  row: DraftRow;
  /** 1-based, as the row is named to the user. */
  number: number;
  errors?: RowErrors;
  autoFocus?: boolean;
  onChange: Change;
  onRemove: (key: number) => void;
}) {
  const question = fieldProps(row, number, "question", errors);
  const expected = fieldProps(row, number, "expected", errors);
  const tags = fieldProps(row, number, "tags", errors);
  const domains = fieldProps(row, number, "allowed_domains", errors);
  const time = fieldProps(row, number, "time_sensitive", errors);
  return (
    <tr className="align-top" data-row={number}>
      <th scope="row" className="px-2 py-2 text-right text-xs font-normal tabular-nums text-slate-600 dark:text-slate-400">
        {number}
      </th>
      <td className="px-2 py-2">
        <Textarea {...question.control} className="min-h-16 min-w-56" value={row.question} autoFocus={autoFocus} onChange={(event) => onChange(row.key, { question: event.target.value })} />
        <FieldError id={question.errorId} text={errors?.question} />
      </td>
      <td className="px-2 py-2">
        <Textarea {...expected.control} className="min-h-16 min-w-48" value={row.expected} onChange={(event) => onChange(row.key, { expected: event.target.value })} />
        <FieldError id={expected.errorId} text={errors?.expected} />
      </td>
      <td className="px-2 py-2">
        <Input {...tags.control} className="min-w-28" placeholder="a; b" value={row.tags} onChange={(event) => onChange(row.key, { tags: event.target.value })} />
        <FieldError id={tags.errorId} text={errors?.tags} />
      </td>
      <td className="px-2 py-2">
        <Input {...domains.control} className="min-w-36" placeholder="example.com; go.dev" value={row.domains} onChange={(event) => onChange(row.key, { domains: event.target.value })} />
        <FieldError id={domains.errorId} text={errors?.allowed_domains} />
      </td>
      <td className="px-2 py-2 text-center">
        <input
          {...time.control}
          type="checkbox"
          className="mt-2 size-4 accent-brand-600"
          checked={row.timeSensitive}
          onChange={(event) => onChange(row.key, { timeSensitive: event.target.checked })}
        />
        <FieldError id={time.errorId} text={errors?.time_sensitive} />
      </td>
      <td className="px-2 py-2">
        <Button size="sm" variant="ghost" aria-label={`Remove row ${number}`} onClick={() => onRemove(row.key)}>
          Remove
        </Button>
      </td>
    </tr>
  );
});
