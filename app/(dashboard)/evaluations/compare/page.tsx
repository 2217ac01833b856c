import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/server/auth/page-session";
import { CompareClient } from "./compare-client";

export const metadata: Metadata = { title: "Compare evaluation runs" };

const RUNS_MAX = 8;

/** Several runs of one question set over time (`?runs=a,b,c`); with fewer than two, a picker. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePageUser();
  const raw = (await searchParams).runs;
  const runIds = [...new Set((typeof raw === "string" ? raw : "").split(",").map((s) => s.trim()).filter(Boolean))].slice(0, RUNS_MAX);
  return (
    <>
      <PageHeader title="Compare evaluation runs" description="Runs of one question set, oldest first: how each version's figures moved, and which questions flipped." />
      <CompareClient runIds={runIds} />
    </>
  );
}
