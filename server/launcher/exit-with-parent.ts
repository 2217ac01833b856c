/**
 * A child of the launcher (server/launcher/supervisor.ts) ends when the launcher is gone: its IPC channel to the
 * launcher closes then, however the launcher ended (even SIGKILL, which leaves it no chance to stop anyone).
 * Without this the dashboard server would outlive a killed launcher and answer 502 forever.
 *
 * `stop` closes the process's servers; if that takes longer than `graceMs` (an open stream, say) the process
 * exits anyway. A process started without an IPC channel (`npm run gateway`, a terminal) is left alone.
 */
export function exitWithParent(stop: () => Promise<void>, graceMs = 3_000): void {
  if (!process.send) return;
  const parentGone = () => {
    setTimeout(() => process.exit(1), graceMs).unref();
    void stop()
      .catch(() => undefined)
      .finally(() => process.exit(1));
  };
  // Called once the servers listen, which can be seconds after the start: the launcher may be gone already.
  if (!process.connected) parentGone();
  else process.once("disconnect", parentGone);
}
