/** Small deterministic PRNG (mulberry32): demo data and synthetic file bytes are reproducible. */
export function createRng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int(min: number, max: number) {
      return min + Math.floor(next() * (max - min + 1));
    },
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)];
    },
    /** Log-uniform: file sizes span orders of magnitude the way real ones do. */
    logUniform(min: number, max: number) {
      return Math.round(Math.exp(Math.log(min) + next() * (Math.log(max) - Math.log(min))));
    },
    chance(p: number) {
      return next() < p;
    },
    base62(length: number) {
      const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
      let out = "";
      for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * 62)];
      return out;
    },
  };
}

export type Rng = ReturnType<typeof createRng>;

/** FNV-1a, to derive a PRNG seed from a string such as a file id. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
