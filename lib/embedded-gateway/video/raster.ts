import { ADVANCE, GLYPH_HEIGHT, GLYPH_WIDTH, glyphColumns } from "./font";

export type Rgb = readonly [number, number, number];

/** An opaque RGBA picture with the few drawing operations a synthetic frame needs. */
export class Frame {
  readonly data: Uint8ClampedArray<ArrayBuffer>;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8ClampedArray(width * height * 4);
  }

  /** Top colour to bottom colour, row by row. */
  verticalGradient(top: Rgb, bottom: Rgb): void {
    for (let y = 0; y < this.height; y++) {
      const t = this.height > 1 ? y / (this.height - 1) : 0;
      const color: Rgb = [top[0] + (bottom[0] - top[0]) * t, top[1] + (bottom[1] - top[1]) * t, top[2] + (bottom[2] - top[2]) * t];
      this.fillRect(0, y, this.width, 1, color);
    }
  }

  fillRect(x: number, y: number, w: number, h: number, color: Rgb, alpha = 1): void {
    const x0 = Math.max(0, Math.floor(x));
    const y0 = Math.max(0, Math.floor(y));
    const x1 = Math.min(this.width, Math.floor(x + w));
    const y1 = Math.min(this.height, Math.floor(y + h));
    for (let py = y0; py < y1; py++) {
      for (let px = x0; px < x1; px++) this.blend((py * this.width + px) * 4, color, alpha);
    }
  }

  fillCircle(cx: number, cy: number, radius: number, color: Rgb): void {
    const r2 = radius * radius;
    const y0 = Math.max(0, Math.floor(cy - radius));
    const y1 = Math.min(this.height - 1, Math.ceil(cy + radius));
    for (let py = y0; py <= y1; py++) {
      const dy = py + 0.5 - cy;
      const span = r2 - dy * dy;
      if (span < 0) continue;
      const half = Math.sqrt(span);
      this.fillRect(cx - half, py, half * 2, 1, color);
    }
  }

  /** Draws text with the 5×7 font; each font pixel is `scale` pixels square. Returns the width drawn. */
  drawText(text: string, x: number, y: number, color: Rgb, scale = 1): number {
    let cursor = Math.round(x);
    const top = Math.round(y);
    for (const char of text) {
      const columns = glyphColumns(char);
      for (let column = 0; column < GLYPH_WIDTH; column++) {
        const bits = columns[column];
        for (let row = 0; row < GLYPH_HEIGHT; row++) {
          if (bits & (1 << row)) this.fillRect(cursor + column * scale, top + row * scale, scale, scale, color);
        }
      }
      cursor += ADVANCE * scale;
    }
    return cursor - Math.round(x);
  }

  private blend(offset: number, color: Rgb, alpha: number): void {
    const d = this.data;
    if (alpha >= 1) {
      d[offset] = color[0];
      d[offset + 1] = color[1];
      d[offset + 2] = color[2];
    } else {
      d[offset] += (color[0] - d[offset]) * alpha;
      d[offset + 1] += (color[1] - d[offset + 1]) * alpha;
      d[offset + 2] += (color[2] - d[offset + 2]) * alpha;
    }
    d[offset + 3] = 255;
  }
}

/** Width in pixels of `text` at `scale` (no trailing space column). */
export function textWidth(text: string, scale = 1): number {
  const length = Array.from(text).length;
  return length === 0 ? 0 : (length * ADVANCE - 1) * scale;
}

/** Wraps words into at most `maxLines` lines of at most `maxChars` characters; the last line ends in "..." when cut. */
export function wrapWords(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (let i = 0; i < words.length; i++) {
    const word = words[i].length > maxChars ? `${words[i].slice(0, maxChars - 1)}-` : words[i];
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars) {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      const last = lines[maxLines - 1];
      lines[maxLines - 1] = `${last.slice(0, Math.max(0, maxChars - 3))}...`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** HSL (h in degrees, s and l in 0..1) to RGB. */
export function hsl(h: number, s: number, l: number): Rgb {
  const hue = ((h % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] = hue < 60 ? [c, x, 0] : hue < 120 ? [x, c, 0] : hue < 180 ? [0, c, x] : hue < 240 ? [0, x, c] : hue < 300 ? [x, 0, c] : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}
