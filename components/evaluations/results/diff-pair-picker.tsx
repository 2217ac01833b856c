"use client";

import { useId } from "react";
import { Select } from "@/components/ui/input";
import { chooseDiffSide, type DiffPair } from "./url-state";

interface PickerVersion {
  version_index: number;
  label: string;
}

/**
 * Which two versions the citation diff compares, for runs of three or four versions (with two there is one
 * pair). The pair goes into the URL (`?diff=0-2`), so the view can be shared; choosing the other side's version
 * swaps the two.
 */
export function DiffPairPicker({ versions, pair, onChange }: { versions: readonly PickerVersion[]; pair: DiffPair; onChange: (pair: DiffPair) => void }) {
  const id = useId();
  const choose = (side: keyof DiffPair, value: number) => onChange(chooseDiffSide(pair, side, value));
  const options = versions.map((v) => (
    <option key={v.version_index} value={v.version_index}>
      {v.label}
    </option>
  ));
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="diff-pair-picker">
      <label htmlFor={`${id}-against`}>Citations of</label>
      <Select id={`${id}-against`} className="h-8 w-auto" value={pair.against} onChange={(event) => choose("against", Number(event.target.value))}>
        {options}
      </Select>
      <label htmlFor={`${id}-base`}>against</label>
      <Select id={`${id}-base`} className="h-8 w-auto" value={pair.base} onChange={(event) => choose("base", Number(event.target.value))}>
        {options}
      </Select>
    </div>
  );
}
