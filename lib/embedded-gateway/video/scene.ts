import { createHash } from "node:crypto";
import { ADVANCE } from "./font";
import { toFontText } from "./font";
import { Frame, hsl, textWidth, wrapWords, type Rgb } from "./raster";

/** What a synthetic clip shows; everything comes from the stored request, so a clip can be made again. */
export interface ClipSpec {
  modelId: string;
  modelName: string;
  prompt: string;
  /** "16:9": sets the frame size. */
  aspectRatio: string;
  /** "720p": printed, not the pixel size (clips stay small). */
  resolution: string;
  durationSeconds: number;
  seed: number;
  audio: boolean;
  /** Frame types the request supplied an image for ("first_frame", "last_frame"). */
  frameImages: readonly string[];
}

/** Frames per second of every clip: enough for visible motion, few enough to keep clips small. */
export const CLIP_FPS = 8;
/** Pixels of a frame (320×180 at 16:9); other ratios keep about the same area. */
const FRAME_AREA = 320 * 180;

export function frameCount(spec: Pick<ClipSpec, "durationSeconds">): number {
  return Math.max(1, Math.round(spec.durationSeconds * CLIP_FPS));
}

/** Frame size for an aspect ratio "W:H" (even numbers, as video codecs prefer); 16:9 when unreadable. */
export function frameSize(aspectRatio: string): { width: number; height: number } {
  const match = /^(\d+):(\d+)$/.exec(aspectRatio);
  const ratio = match && Number(match[1]) > 0 && Number(match[2]) > 0 ? Number(match[1]) / Number(match[2]) : 16 / 9;
  const even = (value: number) => Math.max(16, 2 * Math.round(value / 2));
  return { width: even(Math.sqrt(FRAME_AREA * ratio)), height: even(Math.sqrt(FRAME_AREA / ratio)) };
}

/** A stable 32-bit number from a string: the model's colours and motion. */
function hash32(text: string): number {
  return createHash("sha256").update(text).digest().readUInt32BE(0);
}

interface Look {
  hue: number;
  shape: "circle" | "square" | "pair";
  /** Frame widths per second the shape crosses. */
  speed: number;
  /** Vertical swing, as a fraction of the height. */
  swing: number;
  phase: number;
}

function lookOf(spec: ClipSpec): Look {
  const model = hash32(spec.modelId);
  const seeded = hash32(`${spec.modelId}#${spec.seed}`);
  return {
    hue: (model % 360) + (seeded % 40) - 20,
    shape: (["circle", "square", "pair"] as const)[model % 3],
    speed: 0.25 + ((model >>> 8) % 100) / 100,
    swing: 0.08 + ((seeded >>> 8) % 100) / 700,
    phase: ((seeded >>> 16) % 628) / 100,
  };
}

const WHITE: Rgb = [245, 245, 245];
const SHADOW: Rgb = [10, 10, 16];

function shadowText(frame: Frame, text: string, x: number, y: number, color: Rgb, scale: number) {
  frame.drawText(text, x + scale, y + scale, SHADOW, scale);
  frame.drawText(text, x, y, color, scale);
}

/** Triangle wave 0..1..0 with period 2: the shape bounces between the edges. */
function bounce(t: number): number {
  const m = ((t % 2) + 2) % 2;
  return m < 1 ? m : 2 - m;
}

/** Draws frame `index` of the clip. Pure: the same spec and index always give the same pixels. */
export function renderFrame(spec: ClipSpec, index: number): Frame {
  const { width, height } = frameSize(spec.aspectRatio);
  const frame = new Frame(width, height);
  const look = lookOf(spec);
  const total = frameCount(spec);
  const t = index / CLIP_FPS;
  const progress = total > 1 ? index / (total - 1) : 1;

  frame.verticalGradient(hsl(look.hue, 0.5, 0.16), hsl(look.hue + 50, 0.55, 0.36));
  // A horizon whose colour drifts over the clip, so even a still shape shows time passing.
  const horizon = Math.round(height * 0.68);
  frame.fillRect(0, horizon, width, height - horizon, hsl(look.hue + 180 + progress * 60, 0.35, 0.2));

  // The moving shape: colour, kind and speed come from the model (and the seed).
  const size = Math.min(width, height) * 0.16;
  const x = size + bounce(t * look.speed) * (width - 2 * size);
  const y = horizon - size * 1.4 + Math.sin(t * 2.2 + look.phase) * height * look.swing;
  const color = hsl(look.hue + 140, 0.85, 0.6);
  if (look.shape === "circle") frame.fillCircle(x, y, size, color);
  else if (look.shape === "square") frame.fillRect(x - size, y - size, size * 2, size * 2, color);
  else {
    frame.fillCircle(x, y, size * 0.8, color);
    frame.fillCircle(width - x, y + size * 0.5, size * 0.55, hsl(look.hue + 220, 0.85, 0.65));
  }

  // Model name, top left, on a band.
  const name = toFontText(spec.modelName);
  const nameScale = textWidth(name, 2) <= width - 8 ? 2 : 1;
  frame.fillRect(0, 0, width, 7 * nameScale + 8, SHADOW, 0.55);
  shadowText(frame, name, 4, 4, WHITE, nameScale);

  // The prompt, wrapped under the name.
  const prompt = toFontText(spec.prompt.trim() || "(no prompt)");
  const maxChars = Math.max(8, Math.floor((width - 8) / ADVANCE));
  const lines = wrapWords(prompt, maxChars, width > height ? 2 : 4);
  let lineY = 7 * nameScale + 12;
  for (const line of lines) {
    shadowText(frame, line, 4, lineY, [230, 230, 200], 1);
    lineY += 10;
  }

  // One word of the prompt at a time, large, walking through the prompt over the clip.
  const words = prompt.split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const word = words[Math.min(words.length - 1, Math.floor(progress * words.length))];
    const scale = Math.max(1, Math.min(3, Math.floor((width - 8) / Math.max(1, textWidth(word, 1)))));
    const wordWidth = textWidth(word, scale);
    shadowText(frame, word, Math.max(4, (width - wordWidth) / 2), horizon + 6, WHITE, scale);
  }

  if (spec.audio) {
    // An equaliser: the clip says it has sound.
    for (let bar = 0; bar < 5; bar++) {
      const level = 0.3 + 0.7 * bounce(t * (1.3 + bar * 0.4) + bar * 0.37);
      const barHeight = Math.round(level * 14);
      frame.fillRect(width - 40 + bar * 7, horizon - 4 - barHeight, 5, barHeight, [250, 220, 90]);
    }
  }

  const edge = index === 0 ? "first_frame" : index === total - 1 ? "last_frame" : null;
  if (edge && spec.frameImages.includes(edge)) {
    const border: Rgb = [250, 220, 90];
    frame.fillRect(0, 0, width, 3, border);
    frame.fillRect(0, height - 3, width, 3, border);
    frame.fillRect(0, 0, 3, height, border);
    frame.fillRect(width - 3, 0, 3, height, border);
    shadowText(frame, edge === "first_frame" ? "FIRST FRAME IMAGE" : "LAST FRAME IMAGE", 8, horizon - 14, border, 1);
  }

  // Footer: time, settings, seed, and a progress bar.
  const long = `${t.toFixed(1)}s/${spec.durationSeconds}s ${spec.resolution} ${spec.aspectRatio} seed ${spec.seed}`;
  const footer = textWidth(long) <= width - 8 ? long : `${t.toFixed(1)}s/${spec.durationSeconds}s ${spec.resolution} ${spec.aspectRatio}`;
  frame.fillRect(0, height - 14, width, 14, SHADOW, 0.6);
  frame.drawText(toFontText(footer), 4, height - 11, [200, 200, 210], 1);
  frame.fillRect(0, height - 2, Math.round(width * progress), 2, color);
  return frame;
}
