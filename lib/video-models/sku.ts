/**
 * Reads a pricing SKU name ("per-video-second-1080p", "cents_per_video_output_second_480p") into what
 * the price applies to. Providers name SKUs freely and the gateway passes the names through, so the
 * parser only claims what the name states: a SKU whose unit it cannot read ("generate" could be per
 * video or per second) gets `unit: null` and is never used in a cost estimate.
 */

type SkuUnit = "second" | "minute" | "video";

export interface ParsedSku {
  /** The SKU name as the gateway sent it. */
  name: string;
  /** The price string as the gateway sent it. */
  price: string;
  /** Price in US dollars per unit, converted from cents when the name says cents; null when not a number. */
  usd: number | null;
  /** What one price unit buys; null means the name does not say ("unit unknown"). */
  unit: SkuUnit | null;
  /** The currency the name states; the gateway's prices are dollars unless a SKU says otherwise. */
  currency: "usd" | "cents";
  /** Resolution the price is limited to (normalised: "720p", "4K"); null means not limited. */
  resolution: string | null;
  /** true: with audio, false: without audio, null: the name does not say. */
  audio: boolean | null;
  /** Video length in seconds the price is limited to ("generate-6s-768p"); null means not limited. */
  duration: number | null;
  /**
   * Words of the name we could not read ("draft", "image"). They may narrow when the price applies,
   * so a SKU carrying any is shown but not used for estimates.
   */
  unknownTerms: string[];
}

const SECOND_WORDS = new Set(["second", "seconds", "sec", "secs"]);
const MINUTE_WORDS = new Set(["minute", "minutes", "mins"]);
/** Nouns that make "per <noun>" a price per finished video. */
const VIDEO_NOUNS = new Set(["video", "videos", "generation", "generations", "clip", "clips", "request", "requests"]);
const CENT_WORDS = new Set(["cent", "cents"]);
const DOLLAR_WORDS = new Set(["usd", "dollar", "dollars"]);
const AUDIO_WORDS = new Set(["audio", "sound"]);
const NO_AUDIO_WORDS = new Set(["silent", "muted", "mute", "noaudio"]);
/** Words that carry no condition: they describe the thing priced in every SKU. */
const FILLER_WORDS = new Set([
  "per", "video", "videos", "output", "generate", "generated", "generation", "duration", "price", "cost", "rate", "each", "flat", "to", "of", "the",
]);
/** "6s", "10sec": a fixed video length, which makes the price one per video of that length. */
const FIXED_LENGTH = /^(\d+)(?:s|sec|secs|second|seconds)$/;

/** Splits on separators, camelCase humps and letter-digit joins, lower-cased: "perVideoSecond1080p" -> per, video, second, 1080p. */
export function tokenizeSkuName(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([a-zA-Z])(\d)/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token !== "");
}

/** "1080P" -> "1080p", "4k" -> "4K"; anything that is not a resolution -> null. */
export function normalizeResolution(value: string): string | null {
  const trimmed = value.trim();
  const progressive = /^(\d{3,4})p$/i.exec(trimmed);
  if (progressive) return `${Number(progressive[1])}p`;
  const k = /^(\d{1,2})k$/i.exec(trimmed);
  if (k) return `${Number(k[1])}K`;
  return null;
}

/** A non-negative decimal price, optionally with a leading "$"; anything else -> null. */
export function parsePrice(value: string): number | null {
  const match = /^\s*\$?\s*(\d+(?:\.\d*)?|\.\d+)\s*$/.exec(value);
  if (!match) return null;
  const number = Number(match[1]);
  return Number.isFinite(number) ? number : null;
}

export function parseSku(name: string, price: string): ParsedSku {
  const tokens = tokenizeSkuName(name);
  const used = new Set<number>();
  const mark = (index: number) => used.add(index);

  let currency: ParsedSku["currency"] = "usd";
  let resolution: string | null = null;
  let resolutionConflict = false;
  let audio: boolean | null = null;
  let seconds = false;
  let minutes = false;
  let perVideo = false;
  let duration: number | null = null;
  let durationConflict = false;

  for (const [index, token] of tokens.entries()) {
    if (CENT_WORDS.has(token)) {
      currency = "cents";
      mark(index);
    } else if (DOLLAR_WORDS.has(token)) {
      mark(index);
    } else if (SECOND_WORDS.has(token)) {
      seconds = true;
      mark(index);
    } else if (MINUTE_WORDS.has(token)) {
      minutes = true;
      mark(index);
    } else if (FIXED_LENGTH.test(token)) {
      const seconds = Number(FIXED_LENGTH.exec(token)![1]);
      if (duration !== null && duration !== seconds) durationConflict = true;
      duration = seconds;
      mark(index);
    } else if (normalizeResolution(token)) {
      const normalized = normalizeResolution(token);
      if (resolution !== null && resolution !== normalized) resolutionConflict = true;
      resolution = normalized;
      mark(index);
    } else if (AUDIO_WORDS.has(token)) {
      // "without audio", "no audio", "no_sound" negate; "with audio" or a bare "audio" affirm.
      const previous = tokens[index - 1];
      const negated = previous === "without" || previous === "no";
      audio = !negated;
      mark(index);
      if (previous === "without" || previous === "no" || previous === "with") mark(index - 1);
    } else if (NO_AUDIO_WORDS.has(token)) {
      audio = false;
      mark(index);
    } else if (token === "per" && VIDEO_NOUNS.has(tokens[index + 1] ?? "")) {
      perVideo = true;
      mark(index);
      mark(index + 1);
    }
  }

  const unknownTerms = tokens.filter((token, index) => !used.has(index) && !FILLER_WORDS.has(token));

  let unit: SkuUnit | null = null;
  // A time word wins over "per video": "per-video-second" is a price per second of video.
  if (seconds && !minutes) unit = "second";
  else if (minutes && !seconds) unit = "minute";
  // A fixed length ("generate-6s") prices one video of that length.
  else if (!seconds && !minutes && (perVideo || duration !== null)) unit = "video";
  if (durationConflict) {
    unit = null;
    duration = null;
  }

  const amount = parsePrice(price);
  return {
    name,
    price,
    usd: amount === null ? null : currency === "cents" ? amount / 100 : amount,
    unit,
    currency,
    resolution: resolutionConflict ? null : resolution,
    audio,
    duration,
    unknownTerms: resolutionConflict ? [...unknownTerms, "several resolutions"] : unknownTerms,
  };
}

/** Every SKU of a model, parsed, in the gateway's order. */
export function parseSkus(pricing: Record<string, string> | null | undefined): ParsedSku[] {
  if (!pricing) return [];
  return Object.entries(pricing).map(([name, price]) => parseSku(name, price));
}

/** Whether an estimate may use this SKU: a readable unit and price and no words we could not read. */
export function isUsableSku(sku: ParsedSku): boolean {
  return sku.unit !== null && sku.usd !== null && sku.unknownTerms.length === 0;
}

const UNIT_LABEL: Record<SkuUnit, string> = { second: "per second", minute: "per minute", video: "per video" };

/** "per second · 1080p · with audio", or "unit unknown". */
export function describeSku(sku: ParsedSku): string {
  const parts = [sku.unit ? UNIT_LABEL[sku.unit] : "unit unknown"];
  if (sku.duration !== null) parts.push(`${sku.duration} s video`);
  if (sku.resolution) parts.push(sku.resolution);
  if (sku.audio === true) parts.push("with audio");
  if (sku.audio === false) parts.push("without audio");
  // With the unit unknown the whole name is unread; listing its words again says nothing.
  if (sku.unit !== null && sku.unknownTerms.length > 0) parts.push(`unread: ${sku.unknownTerms.join(", ")}`);
  return parts.join(" · ");
}
