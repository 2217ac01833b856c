"use client";

import { clsx } from "clsx";
import { useId, useRef, useState } from "react";
import { inputClassName } from "./input";

export interface ChipsInputProps {
  value: readonly string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
  /** Id of the text input, so a <label htmlFor> reaches it. */
  id?: string;
  placeholder?: string;
  /** Show the count against this number; adding past it stays possible so the form can explain the limit. */
  max?: number;
  /** Items can be reordered (buttons, arrow keys with Alt, or drag and drop); the order is meaningful. */
  sortable?: boolean;
  /** Offered in a datalist while typing. */
  suggestions?: readonly string[];
  /** Name of one item for button labels ("Remove provider anthropic"). */
  itemLabel?: string;
  disabled?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/**
 * A list of short strings edited as chips: type and press Enter (or comma) to add, Backspace on an
 * empty input removes the last one. Duplicates are refused because every list this edits (stop
 * sequences, provider slugs, model names, domains) treats them as one.
 */
export function ChipsInput({
  value,
  onChange,
  onBlur,
  id,
  placeholder,
  max,
  sortable,
  suggestions,
  itemLabel = "item",
  disabled,
  ...aria
}: ChipsInputProps) {
  const [text, setText] = useState("");
  const [note, setNote] = useState<string | null>(null);
  const dragFrom = useRef<number | null>(null);
  const listId = useId();
  const noteId = useId();

  function add(raw: string) {
    const item = raw.trim();
    if (item === "") return;
    if (value.includes(item)) {
      setNote(`"${item}" is already in the list`);
      return;
    }
    setNote(null);
    onChange([...value, item]);
    setText("");
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= value.length || from === to) return;
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    onChange(next);
  }

  return (
    <div className="space-y-1.5">
      {value.length > 0 ? (
        <ol className="flex flex-wrap gap-1.5" aria-label={`${itemLabel} list`}>
          {value.map((item, index) => (
            <li
              key={item}
              draggable={sortable && !disabled}
              onDragStart={() => {
                dragFrom.current = index;
              }}
              onDragOver={(event) => sortable && event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragFrom.current !== null) move(dragFrom.current, index);
                dragFrom.current = null;
              }}
              className={clsx(
                "inline-flex max-w-full items-center gap-0.5 rounded-md border border-slate-300 bg-slate-50 py-0.5 pl-2 pr-0.5 text-xs dark:border-slate-700 dark:bg-slate-800",
                sortable && !disabled && "cursor-grab",
              )}
            >
              {sortable ? <span className="mr-1 text-slate-500 dark:text-slate-400">{index + 1}.</span> : null}
              <span className="truncate font-mono" title={item}>
                {item}
              </span>
              {sortable && !disabled ? (
                <>
                  <ChipButton label={`Move ${itemLabel} ${item} earlier`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                    ↑
                  </ChipButton>
                  <ChipButton
                    label={`Move ${itemLabel} ${item} later`}
                    disabled={index === value.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </ChipButton>
                </>
              ) : null}
              {!disabled ? (
                <ChipButton label={`Remove ${itemLabel} ${item}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
                  ✕
                </ChipButton>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {!disabled ? (
        <div className="flex gap-1.5">
          <input
            id={id}
            value={text}
            disabled={disabled}
            list={suggestions && suggestions.length > 0 ? listId : undefined}
            placeholder={placeholder ?? `Add ${itemLabel} and press Enter`}
            onChange={(event) => {
              setNote(null);
              setText(event.target.value);
            }}
            onBlur={onBlur}
            onKeyDown={(event) => {
              if (event.key === "Enter" || (event.key === "," && text.trim() !== "")) {
                event.preventDefault();
                add(text);
              } else if (event.key === "Backspace" && text === "" && value.length > 0) {
                onChange(value.slice(0, -1));
              }
            }}
            className={clsx(inputClassName, "min-w-0 flex-1")}
            aria-invalid={aria["aria-invalid"]}
            aria-describedby={[aria["aria-describedby"], note ? noteId : undefined].filter(Boolean).join(" ") || undefined}
          />
          <button
            type="button"
            onClick={() => {
              add(text);
              onBlur?.();
            }}
            disabled={text.trim() === ""}
            className="shrink-0 rounded-md border border-slate-300 px-2.5 text-xs font-medium hover:bg-slate-50 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            Add
          </button>
          {suggestions && suggestions.length > 0 ? (
            <datalist id={listId}>
              {suggestions.map((suggestion) => (
                <option key={suggestion} value={suggestion} />
              ))}
            </datalist>
          ) : null}
        </div>
      ) : value.length === 0 ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">None</p>
      ) : null}
      {max !== undefined ? (
        <p className={clsx("text-xs", value.length > max ? "font-medium text-red-700 dark:text-red-400" : "text-slate-600 dark:text-slate-400")}>
          {value.length} of at most {max}
        </p>
      ) : null}
      {note ? (
        <p id={noteId} className="text-xs text-amber-800 dark:text-amber-300">
          {note}
        </p>
      ) : null}
    </div>
  );
}

function ChipButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="rounded px-1 text-slate-600 hover:bg-slate-200 hover:text-slate-900 disabled:opacity-30 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white"
    >
      <span aria-hidden>{children}</span>
    </button>
  );
}
