/** How a chunk load is tried again: `attempts` in all, waiting `delayMs`, then twice that, and so on, between them. */
export interface RetryOptions {
  attempts?: number;
  delayMs?: number;
}

/** Three tries over about 1.2 s: enough for a dropped connection or a deploy swapping files, short enough to show an error soon. */
const ATTEMPTS = 3;
const FIRST_DELAY_MS = 400;

/**
 * `load` (a dynamic import) tried again when it fails: a chunk fetch fails on a flaky connection or while a
 * deploy swaps the files, and the next try usually gets it. The last failure is what the returned promise rejects with.
 */
export function retryingLoad<T>(load: () => Promise<T>, { attempts = ATTEMPTS, delayMs = FIRST_DELAY_MS }: RetryOptions = {}): () => Promise<T> {
  return async () => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await load();
      } catch (error) {
        if (attempt >= attempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, delayMs * 2 ** (attempt - 1)));
      }
    }
  };
}
