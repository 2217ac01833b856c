import type { VideoJobStatus } from "@/lib/contract/gateway";
import type { VideoSettings } from "./settings";

/**
 * Simulated generation times: each model has its own pace (a fixed start-up plus time per second of
 * video), higher resolutions take longer, and the whole is multiplied by the gateway's time scale
 * (EMBEDDED_GATEWAY_VIDEO_TIME_SCALE: 1 in the demo, 0 makes jobs finish as soon as their clip is made).
 */
const PACE: Record<string, { startMs: number; msPerSecond: number }> = {
  "google/veo-3.1": { startMs: 2500, msPerSecond: 400 },
  "google/veo-3.1-fast": { startMs: 1000, msPerSecond: 150 },
  "openai/sora-2": { startMs: 2000, msPerSecond: 300 },
  "openai/sora-2-pro": { startMs: 3500, msPerSecond: 450 },
  "kwaivgi/kling-v2.5-turbo-pro": { startMs: 1500, msPerSecond: 250 },
  "bytedance/seedance-1-pro": { startMs: 1800, msPerSecond: 250 },
  "minimax/hailuo-02": { startMs: 2200, msPerSecond: 300 },
  "alibaba/wan-2.5": { startMs: 1600, msPerSecond: 250 },
  "wan-ai/wan2.2-t2v-a14b": { startMs: 1200, msPerSecond: 300 },
  "lightricks/ltx-2-pro": { startMs: 1200, msPerSecond: 200 },
  "tencent/hunyuan-video": { startMs: 3000, msPerSecond: 300 },
  "runway/gen-4-turbo": { startMs: 800, msPerSecond: 150 },
  "topaz/video-upscale": { startMs: 1500, msPerSecond: 200 },
};
const DEFAULT_PACE = { startMs: 2000, msPerSecond: 300 };
/** Time in the queue before a job starts (status pending). */
const QUEUE_MS = 800;

function resolutionFactor(resolution: string): number {
  if (resolution === "4K") return 2;
  if (resolution === "2K") return 1.5;
  if (resolution === "1080p" || resolution === "1K") return 1.25;
  return 1;
}

export interface JobTimes {
  queuedMs: number;
  generationMs: number;
}

export function simulatedTimes(modelId: string, settings: Pick<VideoSettings, "duration" | "resolution">, scale: number): JobTimes {
  const pace = PACE[modelId] ?? DEFAULT_PACE;
  const generation = (pace.startMs + pace.msPerSecond * settings.duration) * resolutionFactor(settings.resolution);
  return { queuedMs: Math.round(QUEUE_MS * scale), generationMs: Math.round(generation * scale) };
}

export interface JobTimeline extends JobTimes {
  /** Epoch ms: the timeline runs from the stored submission time, so a restart resumes it. */
  submittedAt: number;
  /** Set when the job is to fail at its end (the fault switch). */
  failMessage: string | null;
}

/**
 * The job's status at `now`: pending while queued, in_progress while generating, then failed or
 * completed. Completed needs the clip on disk too: until it is, the job stays in_progress.
 */
export function statusAt(timeline: JobTimeline, now: number, clipReady: boolean): VideoJobStatus {
  const started = timeline.submittedAt + timeline.queuedMs;
  if (now < started) return "pending";
  if (now < started + timeline.generationMs) return "in_progress";
  if (timeline.failMessage !== null) return "failed";
  return clipReady ? "completed" : "in_progress";
}
