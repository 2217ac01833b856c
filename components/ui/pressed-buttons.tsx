"use client";

/**
 * A row of buttons of which one is pressed (aria-pressed): a choice among a few views, named by `label` as a group.
 * Its look comes from the caller: `className` for the group, `buttonClassName` for each button (pressed or not).
 */
export function PressedButtons<T extends string>({
  label,
  options,
  value,
  onChange,
  className,
  buttonClassName,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  className: string;
  buttonClassName: string | ((pressed: boolean) => string);
}) {
  return (
    <div role="group" aria-label={label} className={className}>
      {options.map((option) => {
        const pressed = value === option.value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
            className={typeof buttonClassName === "string" ? buttonClassName : buttonClassName(pressed)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
