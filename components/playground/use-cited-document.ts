"use client";

import { useMemo, useState } from "react";
import { CitedDocumentBuilder, type CitedDocument } from "@/lib/citations";
import type { UrlCitation } from "@/lib/gateway";

export type { BlockView, CitedDocument } from "@/lib/citations";

/**
 * The cited document of a streamed answer, extended rather than rebuilt as deltas arrive. Each bad
 * annotation is reported once (console.warn), not per render.
 */
export function useCitedDocument(text: string, annotations: readonly UrlCitation[], streaming: boolean): CitedDocument<UrlCitation> {
  const [builder] = useState(() => new CitedDocumentBuilder<UrlCitation>());
  return useMemo(() => builder.document(text, annotations, streaming), [builder, text, annotations, streaming]);
}
