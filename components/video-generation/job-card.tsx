"use client";

import { clsx } from "clsx";
import type { GenerationJob } from "@/lib/contract/bff/video-generations";
import { isJobMoving, jobElapsedSeconds, statusLabel } from "@/lib/video-models/generation-progress";
import { formatUsd } from "@/lib/video-models/money";

const TONES: Record<string, string> = {
  completed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
};

/** One model's job: status with elapsed time, the error when it failed, and the player with its links when done. */
export function JobCard({ job, name, now, playerRef, onTimeUpdate, onLoadedMetadata, onPlayingChange }: {
  job: GenerationJob;
  name: string;
  now: number;
  playerRef: (element: HTMLVideoElement | null) => void;
  onTimeUpdate: (element: HTMLVideoElement) => void;
  onLoadedMetadata: (element: HTMLVideoElement) => void;
  onPlayingChange: () => void;
}) {
  const elapsed = jobElapsedSeconds(job, now);
  const cost = job.cost ?? job.estimated_cost;
  const done = job.status === "completed" && job.content_url;
  return (
    <article aria-label={name} data-testid="job-card" data-model-id={job.model} data-status={job.status} className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-800">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{name}</h3>
        <span role="status" className={clsx("rounded-full px-2 py-0.5 text-xs font-medium", TONES[job.status] ?? "bg-slate-100 dark:bg-slate-800")} data-testid="job-status">
          {statusLabel(job.status)}
          {isJobMoving(job.status) ? ` · ${elapsed.toFixed(0)} s` : null}
        </span>
      </header>
      {done ? (
        <video
          ref={playerRef}
          src={job.content_url ?? undefined}
          controls
          preload="auto"
          playsInline
          aria-label={`Video from ${name}`}
          className="aspect-video w-full rounded-md bg-black"
          onTimeUpdate={(event) => onTimeUpdate(event.currentTarget)}
          onLoadedMetadata={(event) => onLoadedMetadata(event.currentTarget)}
          onPause={onPlayingChange}
          onPlay={onPlayingChange}
        />
      ) : (
        <div className="grid aspect-video place-items-center rounded-md bg-slate-100 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          {job.error ? <p className="px-3 text-red-700 dark:text-red-300" data-testid="job-error">{job.error}</p> : isJobMoving(job.status) ? "Generating…" : statusLabel(job.status)}
        </div>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs text-slate-600 dark:text-slate-400">
        <dt>Generation time</dt>
        <dd className="tabular-nums" data-testid="job-time">{elapsed.toFixed(1)} s</dd>
        <dt>{job.cost === null ? "Estimated cost" : "Cost"}</dt>
        <dd className="tabular-nums">{cost === null ? "n/a" : formatUsd(cost)}</dd>
      </dl>
      {done ? (
        <p className="flex gap-3 text-sm">
          <a className="font-medium text-brand-700 hover:underline dark:text-brand-100" href={job.content_url ?? undefined} download={`${job.model.replaceAll("/", "-")}.webm`}>
            Download<span className="sr-only"> the video from {name}</span>
          </a>
          <a className="font-medium text-brand-700 hover:underline dark:text-brand-100" href={job.content_url ?? undefined} target="_blank" rel="noopener">
            Open alone<span className="sr-only"> the video from {name}</span>
          </a>
        </p>
      ) : null}
    </article>
  );
}
