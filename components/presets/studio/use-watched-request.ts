"use client";

import { useMemo } from "react";
import { useWatch, type Control } from "react-hook-form";
import type { ChatRequestInput } from "@/lib/contract/gateway";
import { pruneRequest, type RequestValues } from "@/lib/presets/form-values";
import { jsonEqual } from "@/lib/presets/json-equal";

/**
 * The request the form holds, as it would be saved (`current`), and whether it differs from `baseRequest`. The
 * component using it renders on every change of the form: the base is pruned once, not on every keystroke.
 */
export function useWatchedRequest(control: Control<ChatRequestInput>, baseRequest: RequestValues): { current: RequestValues; dirty: boolean } {
  const values = useWatch({ control });
  const current = useMemo(() => pruneRequest(values), [values]);
  const prunedBase = useMemo(() => pruneRequest(baseRequest), [baseRequest]);
  return { current, dirty: !jsonEqual(current, prunedBase) };
}
