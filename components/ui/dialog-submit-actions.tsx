import { Button } from "./button";
import { DialogActions } from "./dialog";

/** A form dialog's footer: Cancel and the form's submit button, both disabled while it is sent, the button saying so. */
export function DialogSubmitActions({ pending, label, pendingLabel, className }: { pending: boolean; label: string; pendingLabel: string; className?: string }) {
  return (
    <DialogActions cancelDisabled={pending} className={className}>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </DialogActions>
  );
}
