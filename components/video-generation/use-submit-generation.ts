"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import type { CreateGenerationRequest } from "@/lib/contract/bff/video-generations";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { createGeneration, generationKeys } from "@/lib/client/queries/video-generations";

/** The spending guard's and the gateway's refusals, in words that say what to do. */
export function submitErrorMessage(error: unknown): string {
  return apiErrorMessage(error, {
    status: {
      402: (e) => `Over the spending limit for one generation: ${e.message} Choose fewer models, a shorter duration or a lower resolution.`,
      403: "Generating videos needs the editor role.",
      429: (e) =>
        `Over your daily video spending limit or the request rate: ${e.message}${e.retryAfterSeconds ? ` Try again in about ${Math.ceil(e.retryAfterSeconds / 60)} min.` : ""}`,
    },
  });
}

/**
 * Submits a generation with an Idempotency-Key: a fresh one per confirmed submission, the same one when the
 * same request is retried after it failed (a lost answer then replays the generation instead of paying twice).
 */
export function useSubmitGeneration(onCreated: (id: string) => void) {
  const queryClient = useQueryClient();
  const pending = useRef<{ key: string; body: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (body: CreateGenerationRequest) => {
      const text = JSON.stringify(body);
      if (pending.current?.body !== text) pending.current = { key: crypto.randomUUID(), body: text };
      return createGeneration(body, pending.current.key);
    },
    onSuccess: (generation) => {
      pending.current = null;
      queryClient.setQueryData(generationKeys.detail(generation.id), generation);
      onCreated(generation.id);
    },
  });
  return { submit: mutation.mutate, submitting: mutation.isPending, error: mutation.error, reset: mutation.reset };
}
