import { postResponsesPlain } from "@/lib/server/handlers/responses";

// Benchmark floor only (GATEHOUSE_BENCH_ROUTES=1); 404 otherwise.
export const dynamic = "force-dynamic";
export const POST = postResponsesPlain;
