import { postResponsesPlain } from "@/lib/server/handlers/responses";

// The benchmark's floor (npm run bench:bff). The `.bench.ts` extension keeps this file out of every build
// made without GATEHOUSE_BENCH_ROUTES=1 (see next.config.mjs); the handler also answers 404 at run time
// unless GATEHOUSE_BENCH_ROUTES=1.
export const dynamic = "force-dynamic";
export const POST = postResponsesPlain;
