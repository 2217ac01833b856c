"use client";

import { useCallback, useRef, useState } from "react";

/**
 * Several <video> elements driven together: play all from the same time, pause all, seek all to one time.
 * Each player registers itself through `register(key)` (a ref callback); each stays usable on its own too.
 */
export function useSyncedPlayers() {
  const players = useRef(new Map<string, HTMLVideoElement>());
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);

  const register = useCallback(
    (key: string) => (element: HTMLVideoElement | null) => {
      if (element) players.current.set(key, element);
      else players.current.delete(key);
    },
    [],
  );

  const all = () => [...players.current.values()];

  const seekAll = useCallback((seconds: number) => {
    for (const video of all()) video.currentTime = Math.min(seconds, Number.isFinite(video.duration) ? video.duration : seconds);
    setTime(seconds);
  }, []);

  const pauseAll = useCallback(() => {
    for (const video of all()) video.pause();
    setPlaying(false);
  }, []);

  const playAll = useCallback(async () => {
    const videos = all();
    // Start together: every player from the earliest time any of them is at (the start once one has ended).
    const ended = videos.some((video) => video.ended);
    const from = ended ? 0 : Math.min(...videos.map((video) => video.currentTime));
    for (const video of videos) video.currentTime = from;
    setPlaying(true);
    await Promise.allSettled(videos.map((video) => video.play()));
  }, []);

  /** The scrub follows the first player while they play. */
  const onTimeUpdate = useCallback((element: HTMLVideoElement) => {
    if (all()[0] === element) setTime(element.currentTime);
  }, []);

  /** A player started or stopped on its own controls: the button says whether any still plays. */
  const refreshPlaying = useCallback(() => setPlaying(all().some((video) => !video.paused && !video.ended)), []);

  /** The scrub's length: the longest player's. */
  const onLoadedMetadata = useCallback((element: HTMLVideoElement) => {
    if (Number.isFinite(element.duration)) setDuration((longest) => Math.max(longest, element.duration));
  }, []);

  return { register, duration, onLoadedMetadata, playAll, pauseAll, seekAll, playing, refreshPlaying, time, onTimeUpdate };
}
