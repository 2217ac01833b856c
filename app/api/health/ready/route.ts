import { checkReadiness } from "@/lib/server/config/health";
import { evaluationRunner } from "@/lib/server/services/evaluations";

export const dynamic = "force-dynamic";

/** Readiness for load balancers and orchestrators (docs/deploy.md); GET /api/health stays the liveness answer. */
export async function GET() {
  const readiness = await checkReadiness(evaluationRunner());
  return Response.json(readiness, { status: readiness.status === "ready" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
