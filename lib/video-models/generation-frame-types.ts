/**
 * The frame images a video generation may start and end on (the OpenAPI's `frame_images` frame types), in a
 * module of their own: the form and the run page show them in their first load, the rules stay out of it.
 */
export const FRAME_TYPES = ["first_frame", "last_frame"] as const;
export type FrameType = (typeof FRAME_TYPES)[number];

export function frameLabel(frame: FrameType): string {
  return frame === "first_frame" ? "First frame" : "Last frame";
}

/** A frame image chosen in the form: the data: URL sent, with what the form shows of it. */
export interface ChosenFrame {
  url: string;
  name: string;
  bytes: number;
}

/** What the form starts from when the user runs an earlier generation again (`/video-models/generate?from=<id>`). */
export interface GenerationDraft {
  prompt: string;
  models: string[];
  settings: { duration?: number; resolution?: string; aspect_ratio?: string; audio?: boolean; seed?: number };
  frames: Partial<Record<FrameType, ChosenFrame>>;
}
