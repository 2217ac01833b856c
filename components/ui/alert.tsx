import { clsx } from "clsx";

/**
 * The red box for a failure or refusal: read out when it appears (role="alert"), unless `live` is false
 * because it sits inside a live region that is already there.
 */
export function Alert({ live = true, className, ...props }: React.HTMLAttributes<HTMLDivElement> & { live?: boolean }) {
  return (
    <div
      role={live ? "alert" : undefined}
      className={clsx(
        "rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200",
        className,
      )}
      {...props}
    />
  );
}
