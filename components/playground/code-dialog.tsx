"use client";

import { useState } from "react";
import { curlSnippet, typescriptSnippet } from "@/lib/playground/snippets";
import type { RequestDraft } from "@/lib/playground/setup";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <Button
      size="sm"
      variant="primary"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setState("copied");
        } catch {
          setState("failed");
        }
        setTimeout(() => setState("idle"), 2000);
      }}
    >
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed: select the text" : label}
    </Button>
  );
}

/** "Copy as curl / TypeScript": the column's request with a $GATEWAY_API_KEY placeholder. */
export function CodeDialog({ request, columnName }: { request: RequestDraft; columnName: string }) {
  const curl = curlSnippet(request);
  const ts = typescriptSnippet(request);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost">
          Copy as code
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Request of ${columnName} as code`}
        description="The key is a $GATEWAY_API_KEY placeholder: set it (and GATEWAY_URL) in your shell. Gatehouse never shows a real key."
        className="max-w-3xl"
      >
        <Tabs defaultValue="curl">
          <TabsList aria-label="Language">
            <TabsTrigger value="curl">curl</TabsTrigger>
            <TabsTrigger value="ts">TypeScript</TabsTrigger>
          </TabsList>
          <TabsContent value="curl" className="space-y-2">
            <pre tabIndex={0} className="max-h-96 overflow-auto rounded-md bg-slate-950 p-3 text-xs text-slate-100" data-testid="snippet-curl">
              {curl}
            </pre>
            <CopyButton text={curl} label="Copy curl" />
          </TabsContent>
          <TabsContent value="ts" className="space-y-2">
            <pre tabIndex={0} className="max-h-96 overflow-auto rounded-md bg-slate-950 p-3 text-xs text-slate-100" data-testid="snippet-ts">
              {ts}
            </pre>
            <CopyButton text={ts} label="Copy TypeScript" />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
