"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { evaluationRunQueries } from "@/lib/client/queries/evaluation-runs";
import type { EvaluationRunRequest } from "@/lib/contract/bff/evaluations";
import type { PlanBody } from "@/lib/evaluations/runs/plan-form";

/** How long the plan must stay still before it is estimated again: typing a cap asks once, not per key. */
const SETTLE_MS = 400;

/**
 * The estimate of the plan as it stands, asked again when the plan changes (after it settles). The previous
 * estimate is not kept while the next one loads: the page must never show an old figure beside a new plan.
 */
export function usePlanEstimate(body: PlanBody | null) {
  const key = body ? JSON.stringify(body) : null;
  const [settled, setSettled] = useState<string | null>(key);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(key), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [key]);
  const current = settled !== null && settled === key ? (JSON.parse(settled) as EvaluationRunRequest) : null;
  const query = useQuery({ ...evaluationRunQueries.estimate(current ?? ({} as EvaluationRunRequest)), enabled: current !== null });
  return { estimate: current ? query.data : undefined, error: current ? query.error : null, loading: body !== null && (current === null || query.isFetching) };
}
