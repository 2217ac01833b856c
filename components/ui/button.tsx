import { clsx } from "clsx";
import { Children, cloneElement, forwardRef, isValidElement } from "react";

const VARIANTS = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/50",
  secondary:
    "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
  ghost: "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/50",
} as const;

const SIZES = { sm: "h-8 px-2.5 text-xs", md: "h-9 px-3.5 text-sm", lg: "h-10 px-4 text-sm" } as const;

export interface ButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Render the child element (a Link, say) with the button's styles. */
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "secondary", size = "md", asChild, className, type, ...props },
  ref,
) {
  const classes = clsx(
    "inline-flex items-center justify-center gap-1.5 rounded-md font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
  if (asChild) return styledChild(props, classes, ref);
  return <button ref={ref} type={type ?? "button"} className={classes} {...props} />;
});

type ChildProps = { className?: string } & Record<string, unknown>;

/**
 * `asChild`: the one child element (a Link, say) takes the button's styles and props, its own winning over
 * ours except that both classes apply and both handlers run (child first). What Radix Slot does for our uses,
 * without its 5 kB in every page's first load.
 */
function styledChild({ children, ...ours }: React.ButtonHTMLAttributes<HTMLButtonElement>, classes: string, ref: React.ForwardedRef<HTMLButtonElement>) {
  const child = Children.only(children);
  if (!isValidElement<ChildProps>(child)) throw new Error("Button asChild needs one element child");
  const merged: ChildProps = { ...ours, ...child.props, className: clsx(classes, child.props.className) };
  for (const [name, handler] of Object.entries(ours)) {
    const own = child.props[name];
    if (/^on[A-Z]/.test(name) && typeof handler === "function" && typeof own === "function") {
      merged[name] = (...args: unknown[]) => {
        own(...args);
        handler(...args);
      };
    }
  }
  // React 19 passes a ref as a prop: the button's ref reaches the child, as with Radix Slot.
  return cloneElement(child, ref ? { ...merged, ref } : merged);
}
