import { yieldToLoop } from "../import-chunks";

/**
 * A long computation over a run's results written as a generator that pauses (`yield`) between small pieces and
 * returns its result. The CLI and the tests finish it at once (`finish`); the server finishes it in slices of about
 * SLICE_MS with a turn of the event loop between them (`finishInTurns`), so the first read of a run of 120,000
 * items never holds other users' requests for its whole length (issue 36: "no page of evaluations delays others").
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs every step now. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * How long one slice runs before the event loop gets a turn. Another user's request takes several turns of the loop
 * (its connection, the proxy, the session, the handler, the answer), each waiting out one slice: 5 ms slices keep
 * such a request within tens of milliseconds (15 ms slices measured 225-275 ms in bench:evaluation-results-page).
 */
const SLICE_MS = 5;

/**
 * The computations waiting for their turn: one at a time, so a page that starts several (rows, summary, domains)
 * or several users opening large runs still leave one slice, not one per computation, between two turns of the loop.
 */
let queue: Promise<unknown> = Promise.resolve();

/** Runs the steps in slices of about SLICE_MS, giving the event loop a turn between slices, one computation at a time. */
export function finishInTurns<T>(steps: Steps<T>): Promise<T> {
  const mine = queue.then(() => runInSlices(steps));
  queue = mine.catch(() => undefined);
  return mine;
}

async function runInSlices<T>(steps: Steps<T>): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
}

/** Each of `items` mapped by `map`, pausing every `every` items. */
export function* mapInSteps<T, U>(items: readonly T[], map: (item: T, index: number) => U, every = 200): Steps<U[]> {
  const out: U[] = new Array<U>(items.length);
  for (let index = 0; index < items.length; index++) {
    out[index] = map(items[index], index);
    if (index % every === every - 1) yield;
  }
  return out;
}
