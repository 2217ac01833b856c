"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { clsx } from "clsx";
import { Button } from "./button";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** A centred modal (or, with side="right", a drawer) with a title and an optional description. */
export function DialogContent({
  title,
  description,
  children,
  className,
  side = "center",
  ...props
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  side?: "center" | "right";
} & Omit<React.ComponentPropsWithoutRef<typeof DialogPrimitive.Content>, "title">) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/40 backdrop-blur-[1px]" />
      <DialogPrimitive.Content
        {...props}
        aria-describedby={description ? undefined : props["aria-describedby"]}
        className={clsx(
          "fixed z-50 flex flex-col bg-white shadow-xl focus:outline-none dark:bg-slate-900",
          side === "center"
            ? "left-1/2 top-1/2 max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-xl"
            : "inset-y-0 right-0 w-full max-w-md border-l border-slate-200 dark:border-slate-800",
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
          <div className="min-w-0">
            <DialogPrimitive.Title className="text-base font-semibold">{title}</DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {description}
              </DialogPrimitive.Description>
            ) : null}
          </div>
          <DialogPrimitive.Close
            aria-label="Close"
            className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <span aria-hidden>✕</span>
          </DialogPrimitive.Close>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * A dialog's closing row: Cancel (which closes it) and then the dialog's own action, given as children.
 * `cancelDisabled` holds the dialog open while its action is under way.
 */
export function DialogActions({ cancelDisabled, className, children }: { cancelDisabled?: boolean; className?: string; children: React.ReactNode }) {
  return (
    <div className={clsx("flex justify-end gap-2", className)}>
      <DialogPrimitive.Close asChild>
        <Button disabled={cancelDisabled}>Cancel</Button>
      </DialogPrimitive.Close>
      {children}
    </div>
  );
}
