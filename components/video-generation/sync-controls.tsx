"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";

/** Play all / Pause all and one scrub that seeks every player to the same time. */
export function SyncControls({ playing, time, duration, onPlay, onPause, onSeek }: {
  playing: boolean;
  time: number;
  duration: number;
  onPlay: () => void;
  onPause: () => void;
  onSeek: (seconds: number) => void;
}) {
  const scrubId = useId();
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800" data-testid="sync-controls">
      <Button variant="primary" size="sm" onClick={playing ? onPause : onPlay}>
        {playing ? "Pause all" : "Play all"}
      </Button>
      <label htmlFor={scrubId} className="text-sm font-medium">
        Seek all
      </label>
      <input
        id={scrubId}
        type="range"
        min={0}
        max={Math.max(duration, 0.1)}
        step={0.1}
        value={Math.min(time, duration)}
        onChange={(event) => onSeek(Number(event.target.value))}
        aria-valuetext={`${time.toFixed(1)} seconds`}
        className="min-w-24 flex-1 accent-brand-600"
      />
      <span className="w-12 text-right text-sm tabular-nums" aria-hidden>
        {time.toFixed(1)} s
      </span>
    </div>
  );
}
