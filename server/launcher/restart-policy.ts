/**
 * When to start a crashed child again, and when to give up: the pause doubles with every crash in a row
 * (0.5 s, 1 s, 2 s, 4 s ... up to a ceiling) and starts over once the child stayed up a while; too many
 * crashes within a window mean restarting will not help.
 */
export interface RestartPolicyOptions {
  restartDelayMs: number;
  maxRestartDelayMs: number;
  stableAfterMs: number;
  maxCrashes: number;
  crashWindowMs: number;
}

export type RestartDecision = { restart: true; delayMs: number; crashesInWindow: number } | { restart: false; crashesInWindow: number };

export function restartPolicy(options: RestartPolicyOptions) {
  let crashesInARow = 0;
  const crashTimes: number[] = [];
  /** A crash at `now` of a child that had been up for `upMs`. */
  return function onCrash(now: number, upMs: number): RestartDecision {
    crashesInARow = upMs >= options.stableAfterMs ? 1 : crashesInARow + 1;
    crashTimes.push(now);
    while (crashTimes.length > 0 && crashTimes[0] <= now - options.crashWindowMs) crashTimes.shift();
    if (crashTimes.length >= options.maxCrashes) return { restart: false, crashesInWindow: crashTimes.length };
    const delayMs = Math.min(options.maxRestartDelayMs, options.restartDelayMs * 2 ** (crashesInARow - 1));
    return { restart: true, delayMs, crashesInWindow: crashTimes.length };
  };
}
