import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiData, apiFetch } from "@/lib/client/api-client";

/** The usage console's filter as the URL carries it (GET /api/usage and /api/usage/calls take the same). */
export interface UsageParams {
  from: string;
  to: string;
  /** An IANA time zone name. */
  tz: string;
  feature?: string | null;
  model?: string | null;
  preset?: string | null;
  user?: string | null;
}

function queryString(params: UsageParams): string {
  const search = new URLSearchParams({ from: params.from, to: params.to, tz: params.tz });
  for (const name of ["feature", "model", "preset", "user"] as const) {
    const value = params[name];
    if (value) search.set(name, value);
  }
  return search.toString();
}

// The schemas load with the first answer, not with the page (lib/client/contract.ts explains why).
const reportSchema = () => import("@/lib/contract/bff/usage").then((contract) => contract.UsageReportEnvelopeSchema);
const callsSchema = () => import("@/lib/contract/bff/usage").then((contract) => contract.UsageCallPageSchema);

export const usageQueries = {
  report: (params: UsageParams) =>
    queryOptions({
      queryKey: ["usage", "report", params] as const,
      queryFn: ({ signal }) => apiData(`/api/usage?${queryString(params)}`, reportSchema, { signal }),
    }),
  calls: (params: UsageParams) =>
    infiniteQueryOptions({
      queryKey: ["usage", "calls", params] as const,
      initialPageParam: null as string | null,
      queryFn: ({ signal, pageParam }) => apiFetch(`/api/usage/calls?${queryString(params)}&limit=50${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`, callsSchema, { signal }),
      getNextPageParam: (page) => page.next_cursor,
    }),
};

const reconciliationSchema = () => import("@/lib/contract/bff/usage").then((contract) => contract.UsageReconciliationEnvelopeSchema);

/** Admins: the ledger's total beside the gateway's own for the range's UTC days (GET /api/usage/reconciliation). */
export const reconciliationQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ["usage", "reconciliation", from, to] as const,
    queryFn: ({ signal }) => apiData(`/api/usage/reconciliation?${new URLSearchParams({ from, to })}`, reconciliationSchema, { signal }),
  });

const generationSchema = () => import("@/lib/contract/bff/usage").then((contract) => contract.UsageGenerationEnvelopeSchema);

/** One call's generation at the gateway (GET /api/usage/calls/[id]/generation): the calls table's drill-down. */
export const callGenerationQuery = (callId: string) =>
  queryOptions({
    queryKey: ["usage", "generation", callId] as const,
    queryFn: ({ signal }) => apiData(`/api/usage/calls/${encodeURIComponent(callId)}/generation`, generationSchema, { signal }),
    staleTime: Infinity,
  });
