"use client";

import { clsx } from "clsx";
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { VideoModel } from "@/lib/contract/gateway";
import type { CostEstimate, CostSettings } from "@/lib/video-models/cost";
import { aspectRatiosOf, durationsOf, formatReleaseDate, providerOf, resolutionsOf, supportsFrame } from "@/lib/video-models/model-facts";
import { AspectRatioList, AudioIcon, CapabilityFlag, DurationRange, FrameIcon, ResolutionChips, SeedIcon } from "./capability-visuals";
import { EstimateLabel } from "./estimate-label";
import { PricingTable } from "./pricing-table";

/** Whether the clamped paragraph hides text; re-measured when the card's width changes. */
function useOverflows(ref: React.RefObject<HTMLElement | null>, active: boolean): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || !active) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, active]);
  return overflows;
}

export interface ModelCardProps {
  model: VideoModel;
  estimate: CostEstimate;
  settings: CostSettings;
  /** Longest duration in the catalog: every card's duration track uses the same scale. */
  durationScale: number;
  selected: boolean;
  /** False when the comparison is full and this card is not in it. */
  canSelect: boolean;
  onToggleCompare: (id: string) => void;
  onOpenDetail: (id: string) => void;
}

export function ModelCard({ model, estimate, settings, durationScale, selected, canSelect, onToggleCompare, onOpenDetail }: ModelCardProps) {
  const headingId = useId();
  const descriptionId = useId();
  const [expanded, setExpanded] = useState(false);
  const descriptionRef = useRef<HTMLParagraphElement>(null);
  // Measured only while clamped: once expanded, the toggle stays so the text can be clamped again.
  const clamped = useOverflows(descriptionRef, !expanded);
  const provider = providerOf(model);
  const description = model.description?.trim() ?? "";
  const long = expanded || clamped;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="video-model-card"
      data-model-id={model.id}
      className={clsx(
        "flex w-full flex-col gap-3 rounded-xl border bg-white p-4 shadow-sm dark:bg-slate-900",
        selected ? "border-brand-500 ring-2 ring-brand-500/30" : "border-slate-200 dark:border-slate-800",
      )}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold leading-tight">
            {model.name}
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
            {provider ? <Badge tone="brand">{provider}</Badge> : <Badge>provider not stated</Badge>}
            <span className="break-all font-mono">{model.id}</span>
          </p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            Released{" "}
            <time dateTime={new Date(model.created * 1000).toISOString()} suppressHydrationWarning>
              {formatReleaseDate(model.created)}
            </time>
          </p>
        </div>
        <label
          className={clsx(
            "flex shrink-0 items-center gap-1.5 rounded-md border px-2 py-1 text-xs font-medium",
            selected ? "border-brand-500 bg-brand-50 text-brand-700 dark:bg-brand-700/30 dark:text-brand-100" : "border-slate-300 dark:border-slate-700",
            !canSelect && !selected ? "cursor-not-allowed opacity-60" : "cursor-pointer",
          )}
        >
          <input
            type="checkbox"
            className="h-3.5 w-3.5 accent-brand-600"
            checked={selected}
            disabled={!canSelect && !selected}
            onChange={() => onToggleCompare(model.id)}
          />
          Compare<span className="sr-only"> {model.name}</span>
        </label>
      </header>

      {description ? (
        <div>
          <p id={descriptionId} ref={descriptionRef} className={clsx("text-sm text-slate-700 dark:text-slate-300", !expanded && "line-clamp-2")}>
            {description}
          </p>
          {long ? (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={descriptionId}
              onClick={() => setExpanded((value) => !value)}
              className="mt-1 text-xs font-medium text-brand-700 hover:underline dark:text-brand-100"
            >
              {expanded ? "Show less" : "Show more"}
              <span className="sr-only"> of the description of {model.name}</span>
            </button>
          ) : null}
        </div>
      ) : null}

      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2 text-sm">
        <dt className="text-xs text-slate-600 dark:text-slate-400">Aspect ratios</dt>
        <dd>
          <AspectRatioList ratios={aspectRatiosOf(model)} />
        </dd>
        <dt className="text-xs text-slate-600 dark:text-slate-400">Durations</dt>
        <dd>
          <DurationRange durations={durationsOf(model)} scaleMax={durationScale} />
        </dd>
        <dt className="text-xs text-slate-600 dark:text-slate-400">Resolutions</dt>
        <dd>
          <ResolutionChips resolutions={resolutionsOf(model)} />
        </dd>
        <dt className="text-xs text-slate-600 dark:text-slate-400">Features</dt>
        <dd>
          <ul className="flex flex-wrap gap-1" aria-label="Features">
            <CapabilityFlag label="First frame" value={supportsFrame(model, "first_frame")} icon={<FrameIcon which="first" />} />
            <CapabilityFlag label="Last frame" value={supportsFrame(model, "last_frame")} icon={<FrameIcon which="last" />} />
            <CapabilityFlag label="Audio" value={model.generate_audio} icon={<AudioIcon />} />
            <CapabilityFlag label="Seed" value={model.seed} icon={<SeedIcon />} />
          </ul>
        </dd>
      </dl>

      <section aria-label={`Pricing of ${model.name}`} className="mt-auto space-y-2">
        <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">Pricing</h4>
        <PricingTable pricing={model.pricing_skus} estimate={estimate} caption={`Prices of ${model.name}`} />
        <EstimateLabel estimate={estimate} settings={settings} />
      </section>

      <footer className="flex flex-wrap gap-2">
        <Button size="sm" variant="ghost" onClick={() => onOpenDetail(model.id)}>
          Details and raw JSON<span className="sr-only"> of {model.name}</span>
        </Button>
        <Button size="sm" variant="ghost" asChild>
          <Link href={`/video-models/generate?models=${encodeURIComponent(model.id)}`}>
            Generate<span className="sr-only"> with {model.name}</span>
          </Link>
        </Button>
      </footer>
    </article>
  );
}
