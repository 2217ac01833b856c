"use client";

import { forwardRef, lazy, Suspense, useImperativeHandle } from "react";
import { Button } from "@/components/ui/button";
import { useLazyPopup } from "@/components/ui/use-lazy-popup";
import type { User } from "@/lib/contract/bff/schemas";

const loadForm = () => import("./add-user-form");
const AddUserForm = lazy(loadForm);

/**
 * The users page's "Add user" button and its dialog, whose code (a form with zod) loads on the way to the first
 * press. The ref is the button, so the page can send the focus to it.
 */
export const AddUserButton = forwardRef<HTMLButtonElement | null, { onAdded: (user: User) => void }>(function AddUserButton({ onAdded }, ref) {
  const { open, setOpen, mounted, trigger, contentId, triggerProps } = useLazyPopup(loadForm);
  useImperativeHandle<HTMLButtonElement | null, HTMLButtonElement | null>(ref, () => trigger.current, [trigger]);
  return (
    <>
      <Button variant="primary" {...triggerProps}>
        Add user
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <AddUserForm open={open} setOpen={setOpen} trigger={trigger} contentId={contentId} onAdded={onAdded} />
        </Suspense>
      ) : null}
    </>
  );
});
