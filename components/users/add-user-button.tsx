"use client";

import { forwardRef, useImperativeHandle } from "react";
import { Button } from "@/components/ui/button";
import { lazyComponent } from "@/components/ui/lazy-component";
import { useLazyPopup } from "@/components/ui/use-lazy-popup";
import type { User } from "@/lib/contract/bff/schemas";

const AddUserForm = lazyComponent(() => import("./add-user-form"));

/**
 * The users page's "Add user" button and its dialog, whose code (a form with zod) loads on the way to the first
 * press. The ref is the button, so the page can send the focus to it.
 */
export const AddUserButton = forwardRef<HTMLButtonElement | null, { onAdded: (user: User) => void }>(function AddUserButton({ onAdded }, ref) {
  const popup = useLazyPopup(AddUserForm);
  const { trigger } = popup;
  useImperativeHandle<HTMLButtonElement | null, HTMLButtonElement | null>(ref, () => trigger.current, [trigger]);
  return (
    <>
      <Button variant="primary" {...popup.triggerProps}>
        Add user
      </Button>
      {popup.render({ onAdded })}
    </>
  );
});
