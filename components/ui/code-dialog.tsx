"use client";

import type { ReactNode } from "react";
import type { SnippetLanguage } from "@/lib/snippets";
import { Button, type ButtonProps } from "./button";
import { Dialog, DialogContent, DialogTrigger } from "./dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";
import { useCopyToClipboard } from "./use-copy-to-clipboard";

const LABELS: Record<SnippetLanguage, string> = { curl: "curl", typescript: "TypeScript" };

export interface CodeSnippet {
  language: SnippetLanguage;
  code: string;
  /** The test id of the snippet's <pre>. */
  testId: string;
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { state, copy } = useCopyToClipboard();
  return (
    <Button size="sm" variant="primary" onClick={() => void copy(text)}>
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed: select the text" : label}
    </Button>
  );
}

/** One tab a language, each with its snippet and a copy button: the body of a "Copy as code" dialog. */
export function CodeSnippetTabs({ snippets }: { snippets: CodeSnippet[] }) {
  return (
    <Tabs defaultValue={snippets[0]?.language}>
      <TabsList aria-label="Language">
        {snippets.map((snippet) => (
          <TabsTrigger key={snippet.language} value={snippet.language}>
            {LABELS[snippet.language]}
          </TabsTrigger>
        ))}
      </TabsList>
      {snippets.map((snippet) => (
        <TabsContent key={snippet.language} value={snippet.language} className="space-y-2">
          <pre
            tabIndex={0}
            aria-label={`${LABELS[snippet.language]} snippet`}
            className="max-h-96 overflow-auto rounded-md bg-slate-950 p-3 font-mono text-xs text-slate-100"
            data-testid={snippet.testId}
          >
            {snippet.code}
          </pre>
          <CopyButton text={snippet.code} label={`Copy ${LABELS[snippet.language]}`} />
        </TabsContent>
      ))}
    </Tabs>
  );
}

/**
 * "Copy as code": a trigger button and a dialog with one tab a language, each with its snippet and a copy
 * button. The snippets come from lib/snippets, so they hold placeholders, never a key.
 */
export function CodeDialog({
  title,
  description,
  snippets,
  triggerProps,
}: {
  title: string;
  description: ReactNode;
  snippets: CodeSnippet[];
  triggerProps?: Pick<ButtonProps, "size" | "variant">;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button {...triggerProps}>Copy as code</Button>
      </DialogTrigger>
      <DialogContent title={title} description={description} className="sm:max-w-3xl">
        <CodeSnippetTabs snippets={snippets} />
      </DialogContent>
    </Dialog>
  );
}
