"use client";

import { useMemo, useState } from "react";
import { CitedDocumentBuilder, type CitedDocument, type DocumentLayout } from "@/lib/citations";
import type { UrlCitation } from "@/lib/contract/gateway";

export type { BlockView, CitedDocument } from "@/lib/citations";

/**
 * The cited document of a streamed answer, extended rather than rebuilt as deltas arrive. Each bad
 * annotation is reported once (console.warn), not per render. One builder per layout, so switching
 * between the Markdown and the source view keeps both incremental.
 */
export function useCitedDocument(text: string, annotations: readonly UrlCitation[], streaming: boolean, layout: DocumentLayout = "text"): CitedDocument<UrlCitation> {
  const [builders] = useState(() => new Map<DocumentLayout, CitedDocumentBuilder<UrlCitation>>());
  return useMemo(() => {
    let builder = builders.get(layout);
    if (!builder) builders.set(layout, (builder = new CitedDocumentBuilder<UrlCitation>(undefined, layout)));
    return builder.document(text, annotations, streaming);
  }, [builders, layout, text, annotations, streaming]);
}
