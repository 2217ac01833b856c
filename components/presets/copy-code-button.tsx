"use client";

import { useRef, useState, type ComponentType } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { retryingLoad } from "@/components/ui/lazy-component";

type CopyCodeDialogProps = { slug: string; openOnMount: boolean; focusOnMount: boolean };

// Replaced by the dialog once its chunk is here (not a lazyComponent: the button stays until then), fetched with the same retries.
const loadDialog = retryingLoad(() => import("./copy-code-dialog"));

/**
 * "Copy as code" at first load: a button like the dialog's own trigger, which fetches the dialog's chunk when the
 * pointer or the focus reaches it and is then replaced by the dialog (with the focus, and opened when it was
 * pressed meanwhile, or while a press on it was under way).
 */
export function CopyCodeButton({ slug }: { slug: string }) {
  const [loaded, setLoaded] = useState<{ Dialog: ComponentType<CopyCodeDialogProps>; hadFocus: boolean } | null>(null);
  const [pressed, setPressed] = useState(false);
  const [failed, setFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // A press under way when the chunk arrives: the button is replaced between pointerdown and click, so that click
  // never comes (it was lost once in the e2e suite); the dialog opens on mount instead.
  const pressing = useRef(false);

  const fetchDialog = () => {
    setFailed(false);
    loadDialog().then(
      (module) => {
        if (pressing.current) setPressed(true);
        setLoaded({ Dialog: module.CopyCodeDialog, hadFocus: document.activeElement === button.current });
      },
      () => setFailed(true),
    );
  };

  if (loaded) return <loaded.Dialog slug={slug} openOnMount={pressed} focusOnMount={loaded.hadFocus} />;
  return (
    <>
      <Button
        ref={button}
        aria-haspopup="dialog"
        aria-expanded={false}
        aria-busy={pressed || undefined}
        onPointerEnter={fetchDialog}
        onPointerDown={() => {
          pressing.current = true;
        }}
        onPointerLeave={() => {
          pressing.current = false;
        }}
        onPointerCancel={() => {
          pressing.current = false;
        }}
        onFocus={fetchDialog}
        onClick={() => {
          setPressed(true);
          fetchDialog();
        }}
      >
        Copy as code
      </Button>
      {failed && pressed ? <Alert className="basis-full">The code snippets could not be loaded. Check your connection and try again.</Alert> : null}
    </>
  );
}
