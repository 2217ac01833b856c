import type * as VideoGenerations from "@/lib/contract/bff/video-generations";
import type { CreateGenerationRequest, Generation } from "@/lib/contract/bff/video-generations";
import { apiData } from "@/lib/client/api-client";
import { pollUntilFinished } from "./poll";
import { isGenerationFinished } from "@/lib/video-models/generation-progress";

/** Query keys and calls of the video-generation pages (/api/videos/generations and its children). */

const GENERATIONS_PATH = "/api/videos/generations";

export const generationKeys = {
  all: ["video-generations"] as const,
  detail: (id: string) => [...generationKeys.all, "detail", id] as const,
};

/** The routes' schemas, loaded with the first answer (as lib/client/contract.ts does), keeping zod out of the first load. */
function videoGenerationSchema<K extends keyof typeof VideoGenerations>(name: K): () => Promise<(typeof VideoGenerations)[K]> {
  return () => import("@/lib/contract/bff/video-generations").then((contract) => contract[name]);
}

const generationPath = (id: string) => `${GENERATIONS_PATH}/${encodeURIComponent(id)}`;

/** How often the run page asks while a job moves: the BFF polls the gateway on its own backoff, so asking it is cheap. */
const RUN_POLL_MS = 1500;

export const generationQueries = {
  /** GET /api/videos/generations/{id}: polled until every job is final (completed, failed, cancelled …). */
  detail: (id: string) =>
    pollUntilFinished(generationKeys.detail(id), (signal) => apiData(generationPath(id), videoGenerationSchema("GenerationEnvelopeSchema"), { signal }), isGenerationFinished, RUN_POLL_MS),
};

/** POST /api/videos/generations. `idempotencyKey` is one per confirmed submission, the same on a retry of it. */
export function createGeneration(body: CreateGenerationRequest, idempotencyKey: string): Promise<Generation> {
  return apiData(GENERATIONS_PATH, videoGenerationSchema("GenerationEnvelopeSchema"), {
    method: "POST",
    json: body,
    headers: { "idempotency-key": idempotencyKey },
  });
}

/** POST /api/videos/generations/{id}/cancel: unfinished jobs become cancelled; the record stays. */
export function cancelGeneration(id: string): Promise<Generation> {
  return apiData(`${generationPath(id)}/cancel`, videoGenerationSchema("GenerationEnvelopeSchema"), { method: "POST" });
}
