/**
 * Loads a chunk (a dynamic `import()`), trying again after a failure: a chunk fetch fails on a flaky connection,
 * and around a deploy (the old build's file gone for a moment while the balancer switches), where a second try a
 * moment later usually succeeds. `attempts` bounds the tries; the waits double from `delayMs`. The last failure
 * is thrown as it came.
 */
export async function loadWithRetry<T>(
  load: () => Promise<T>,
  { attempts = 3, delayMs = 500, wait = sleep }: { attempts?: number; delayMs?: number; wait?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await wait(delayMs * 2 ** (attempt - 1));
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
