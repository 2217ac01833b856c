/**
 * Caps the uploads one gateway receives at once. Each upload holds a connection, a temp file and
 * a slice of disk bandwidth for as long as the client takes to send it, so without a cap a few
 * slow clients could exhaust all three.
 */
export class UploadSlots {
  private used = 0;

  constructor(readonly max: number) {}

  get inFlight(): number {
    return this.used;
  }

  /** A release function when a slot is free (calling it twice releases once), else null. */
  tryAcquire(): (() => void) | null {
    if (this.used >= this.max) return null;
    this.used++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used--;
    };
  }
}
