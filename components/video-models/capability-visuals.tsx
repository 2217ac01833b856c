import { clsx } from "clsx";
import { formatDurationRange, parseAspectRatio } from "@/lib/video-models/model-facts";

/**
 * Capabilities drawn rather than listed. Every drawing is aria-hidden and sits next to, or is
 * labelled by, the same information as text, so nothing depends on seeing the shape or the colour.
 */

const BOX = 28;

/** One aspect ratio as a rectangle of its proportions inside a fixed square, bottoms aligned for comparison. */
export function AspectRatioShape({ ratio, size = BOX, className }: { ratio: string; size?: number; className?: string }) {
  const parsed = parseAspectRatio(ratio);
  if (!parsed) return null;
  const scale = size / Math.max(parsed.width, parsed.height);
  const width = Math.max(2, parsed.width * scale);
  const height = Math.max(2, parsed.height * scale);
  return (
    <svg aria-hidden width={size} height={size} viewBox={`0 0 ${size} ${size}`} className={clsx("shrink-0", className)}>
      <rect
        x={(size - width) / 2 + 0.5}
        y={size - height + 0.5}
        width={width - 1}
        height={height - 1}
        rx={1.5}
        className="fill-brand-100 stroke-brand-600 dark:fill-brand-700/40 dark:stroke-brand-100"
        strokeWidth={1}
      />
    </svg>
  );
}

const NOT_STATED = <span className="text-sm text-slate-600 dark:text-slate-400">Not stated</span>;

/** The model's values of one kind as a labelled list, each item drawn by `item`; "Not stated" when it names none. */
function ValueList({ label, values, className, itemClassName, item }: {
  label: string;
  values: string[];
  className: string;
  itemClassName: string;
  item: (value: string) => React.ReactNode;
}) {
  if (values.length === 0) return NOT_STATED;
  return (
    <ul className={className} aria-label={label}>
      {values.map((value) => (
        <li key={value} className={itemClassName}>
          {item(value)}
        </li>
      ))}
    </ul>
  );
}

export function AspectRatioList({ ratios }: { ratios: string[] }) {
  return (
    <ValueList
      label="Aspect ratios"
      values={ratios}
      className="flex flex-wrap items-end gap-x-3 gap-y-2"
      itemClassName="flex flex-col items-center gap-0.5"
      item={(ratio) => (
        <>
          <AspectRatioShape ratio={ratio} />
          <span className="text-[11px] leading-none tabular-nums text-slate-700 dark:text-slate-300">{ratio}</span>
        </>
      )}
    />
  );
}

/** The model's durations as dots on a shared 0..scaleMax seconds track, the covered span shaded, with the range as text. */
export function DurationRange({ durations, scaleMax }: { durations: number[]; scaleMax: number }) {
  const text = formatDurationRange(durations);
  if (!text) return NOT_STATED;
  const width = 120;
  const pad = 4;
  const max = Math.max(scaleMax, ...durations, 1);
  const x = (seconds: number) => pad + (seconds / max) * (width - 2 * pad);
  const min = Math.min(...durations);
  const top = Math.max(...durations);
  return (
    <div className="flex items-center gap-2">
      <svg aria-hidden width={width} height={12} viewBox={`0 0 ${width} 12`} className="shrink-0">
        <line x1={pad} x2={width - pad} y1={6} y2={6} className="stroke-slate-300 dark:stroke-slate-700" strokeWidth={2} strokeLinecap="round" />
        <line x1={x(min)} x2={x(top)} y1={6} y2={6} className="stroke-brand-500" strokeWidth={4} strokeLinecap="round" />
        {durations.map((d) => (
          <circle key={d} cx={x(d)} cy={6} r={3} className="fill-white stroke-brand-700 dark:fill-slate-950 dark:stroke-brand-100" strokeWidth={1.5} />
        ))}
      </svg>
      <span className="text-sm tabular-nums">
        {text}
        {durations.length > 2 ? <span className="text-slate-600 dark:text-slate-400"> ({durations.join(", ")})</span> : null}
      </span>
    </div>
  );
}

export function ResolutionChips({ resolutions }: { resolutions: string[] }) {
  return (
    <ValueList
      label="Resolutions"
      values={resolutions}
      className="flex flex-wrap gap-1"
      itemClassName="rounded border border-slate-300 px-1.5 py-0.5 font-mono text-xs dark:border-slate-700"
      item={(resolution) => resolution}
    />
  );
}

/** A capability that is present, absent or not stated: icon and word, never colour alone. */
export function CapabilityFlag({ label, value, icon }: { label: string; value: boolean | null | undefined; icon: React.ReactNode }) {
  const state = value === true ? "yes" : value === false ? "no" : "unknown";
  return (
    <li
      className={clsx(
        "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs",
        state === "yes" && "border-emerald-600/40 bg-emerald-50 text-emerald-900 dark:border-emerald-400/40 dark:bg-emerald-900/30 dark:text-emerald-100",
        state === "no" && "border-slate-300 text-slate-600 dark:border-slate-700 dark:text-slate-400",
        state === "unknown" && "border-dashed border-slate-400 text-slate-600 dark:border-slate-600 dark:text-slate-400",
      )}
    >
      <span aria-hidden className="inline-flex">
        {icon}
      </span>
      <span className={clsx(state === "no" && "line-through decoration-1")}>{label}</span>
      <span aria-hidden>{state === "yes" ? "✓" : state === "no" ? "✕" : "?"}</span>
      <span className="sr-only">{state === "yes" ? ": yes" : state === "no" ? ": no" : ": not stated"}</span>
    </li>
  );
}

/** A film frame with the side it stands for (first or last) filled. */
export function FrameIcon({ which }: { which: "first" | "last" }) {
  return (
    <svg width={16} height={12} viewBox="0 0 16 12">
      <rect x={0.5} y={0.5} width={15} height={11} rx={1.5} fill="none" stroke="currentColor" />
      <rect x={which === "first" ? 2 : 9} y={2} width={5} height={8} rx={0.5} fill="currentColor" />
    </svg>
  );
}

export function AudioIcon() {
  return (
    <svg width={12} height={12} viewBox="0 0 12 12">
      <path d="M1 4h2l3-2.5v9L3 8H1z" fill="currentColor" />
      <path d="M8 3.5a3.5 3.5 0 0 1 0 5M9.5 2a5.5 5.5 0 0 1 0 8" fill="none" stroke="currentColor" strokeLinecap="round" />
    </svg>
  );
}

export function SeedIcon() {
  return (
    <svg width={12} height={12} viewBox="0 0 12 12">
      <circle cx={6} cy={6} r={4.5} fill="none" stroke="currentColor" />
      <circle cx={6} cy={6} r={1.5} fill="currentColor" />
    </svg>
  );
}
