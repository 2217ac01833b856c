"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { presetSnippet, type SnippetLanguage } from "@/lib/presets/snippets";

const LANGUAGES: { id: SnippetLanguage; label: string }[] = [
  { id: "curl", label: "curl" },
  { id: "typescript", label: "TypeScript" },
];

/** Snippets that call the preset through the gateway, with placeholders for the key and address. */
export function CopyCodeDialog({ slug }: { slug: string }) {
  const [language, setLanguage] = useState<SnippetLanguage>("curl");
  const [copied, setCopied] = useState(false);
  const code = presetSnippet(language, slug);
  return (
    <Dialog onOpenChange={() => setCopied(false)}>
      <DialogTrigger asChild>
        <Button>Copy as code</Button>
      </DialogTrigger>
      <DialogContent
        title="Use this preset from code"
        description={
          <>
            Set <code>GATEWAY_URL</code> to your gateway&apos;s base URL and <code>GATEWAY_API_KEY</code> to an API key; no key is shown here.
          </>
        }
        className="sm:max-w-2xl"
      >
        <div className="space-y-3">
          <div role="group" aria-label="Language" className="flex gap-1">
            {LANGUAGES.map((item) => (
              <Button
                key={item.id}
                size="sm"
                variant={language === item.id ? "primary" : "secondary"}
                aria-pressed={language === item.id}
                onClick={() => {
                  setLanguage(item.id);
                  setCopied(false);
                }}
              >
                {item.label}
              </Button>
            ))}
          </div>
          <pre tabIndex={0} aria-label="Code snippet" className="max-h-[50vh] overflow-auto rounded-md bg-slate-100 p-3 font-mono text-xs dark:bg-slate-900" data-testid="code-snippet">
            {code}
          </pre>
          <div className="flex items-center justify-end gap-3">
            <span aria-live="polite" className="text-xs text-emerald-700 dark:text-emerald-400">
              {copied ? "Copied to the clipboard." : ""}
            </span>
            <Button
              variant="primary"
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(code);
                  setCopied(true);
                } catch {
                  setCopied(false);
                }
              }}
            >
              Copy
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
