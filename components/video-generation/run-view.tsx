"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { QueryErrorAlert } from "@/components/ui/query-error-alert";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { useCurrentUser } from "@/lib/client/current-user";
import { cancelGeneration, generationKeys, generationQueries } from "@/lib/client/queries/video-generations";
import { videoModelQueries } from "@/lib/client/queries/video-models";
import { replaceQueryData } from "@/lib/client/queries/replace-query-data";
import { FRAME_TYPES, frameLabel } from "@/lib/video-models/generation-frame-types";
import { generationCost, isGenerationFinished } from "@/lib/video-models/generation-progress";
import { formatUsd } from "@/lib/video-models/money";
import { JobCard } from "./job-card";
import { SyncControls } from "./sync-controls";
import { useNow } from "@/lib/client/hooks/use-now";
import { useSyncedPlayers } from "./use-synced-players";

/**
 * One generation's run: each model's job polled from the BFF until all are final (a reload or a second tab
 * picks it up from the URL), the finished videos side by side with shared play, pause and seek.
 */
export function RunView({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const query = useQuery(generationQueries.detail(id));
  const catalog = useQuery(videoModelQueries.list()).data?.data;
  const names = useMemo(() => new Map((catalog ?? []).map((model) => [model.id, model.name])), [catalog]);
  const generation = query.data;
  const finished = generation ? isGenerationFinished(generation) : false;
  const now = useNow(generation && !finished ? 1000 : null);
  const players = useSyncedPlayers();
  const cancel = useMutation({
    mutationFn: () => cancelGeneration(id),
    onSuccess: async (next) => {
      // Not overwritten by a poll in flight, which would bring the old statuses (and the polling) back.
      await replaceQueryData(queryClient, generationKeys.detail(id), next);
    },
  });

  if (query.isPending) return <p role="status">Loading the generation…</p>;
  if (!generation) {
    return <QueryErrorAlert query={query} />;
  }

  const completed = generation.jobs.filter((job) => job.status === "completed" && job.content_url);
  const canCancel = !finished && (user.role === "admin" || (user.id === generation.user.id && user.role !== "viewer"));

  return (
    <div className="space-y-4" data-testid="generation-run" data-finished={finished}>
      <section className="space-y-1 text-sm">
        <p className="text-base italic">“{generation.prompt}”</p>
        <p className="text-slate-600 dark:text-slate-400">
          By {generation.user.name} · <time dateTime={generation.created_at}>{new Date(generation.created_at).toLocaleString()}</time> · {formatUsd(generationCost(generation))}
          {finished ? "" : " so far (estimated)"}
        </p>
        <p className="flex flex-wrap gap-3">
          {FRAME_TYPES.map((frame) => {
            const url = generation.settings[frame];
            // A stored upload is served by the BFF (same origin); an https frame is only linked (the page loads no outside image).
            return url ? (
              <a key={frame} href={url} target="_blank" rel="noopener noreferrer" className="flex items-center gap-2 font-medium text-brand-700 hover:underline dark:text-brand-100" data-testid={`run-${frame}`}>
                {/* eslint-disable-next-line @next/next/no-img-element -- served by the BFF from the record, not a static asset */}
                {url.startsWith("/") ? <img src={url} alt="" className="h-12 w-16 rounded border border-slate-200 object-cover dark:border-slate-700" /> : null}
                {frameLabel(frame)} image
              </a>
            ) : null;
          })}
        </p>
      </section>
      <div className="flex flex-wrap items-center gap-2">
        <span role="status" className="text-sm font-medium" data-testid="run-status">
          {finished ? "All jobs are done." : "Generating… this page checks every few seconds."}
        </span>
        {canCancel ? (
          <Button variant="danger" size="sm" className="ml-auto" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {cancel.isPending ? "Cancelling…" : "Cancel the unfinished jobs"}
          </Button>
        ) : null}
        <Button asChild size="sm" variant="ghost" className={canCancel ? undefined : "ml-auto"}>
          <Link href="/video-models/generations">History</Link>
        </Button>
        {/* The form, filled with this run's prompt, models, settings and frames: nothing is spent until confirmed. */}
        <Button asChild size="sm" variant="secondary">
          <Link href={`/video-models/generate?from=${encodeURIComponent(generation.id)}`}>Run again</Link>
        </Button>
      </div>
      {cancel.error ? <Alert>{apiErrorMessage(cancel.error)}</Alert> : null}
      {query.error ? <Alert>Could not refresh: {apiErrorMessage(query.error)}</Alert> : null}
      {completed.length > 1 ? (
        <SyncControls
          playing={players.playing}
          time={players.time}
          duration={players.duration}
          onPlay={() => void players.playAll()}
          onPause={players.pauseAll}
          onSeek={players.seekAll}
        />
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        {generation.jobs.map((job) => (
          <JobCard
            key={job.model}
            job={job}
            name={names.get(job.model) ?? job.model}
            now={now}
            playerRef={players.register(job.model)}
            onTimeUpdate={players.onTimeUpdate}
            onLoadedMetadata={players.onLoadedMetadata}
            onPlayingChange={players.refreshPlaying}
          />
        ))}
      </div>
    </div>
  );
}
