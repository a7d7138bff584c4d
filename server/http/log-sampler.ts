/**
 * At most `lines` log lines per category per window. A client that sends wrong keys in a
 * loop must not be able to fill the log: the first lines of a window are written, the
 * rest counted, and the count travels on the next line written for that category.
 */
export class LogSampler<Category = number> {
  readonly #lines: number;
  readonly #windowMs: number;
  readonly #windows = new Map<Category, { startMs: number; logged: number; skipped: number }>();

  constructor(lines: number, windowMs: number) {
    this.#lines = lines;
    this.#windowMs = windowMs;
  }

  /** Whether to log this one, and how many of its category were not logged before it. */
  take(category: Category, nowMs: number): { log: boolean; suppressed: number } {
    let window = this.#windows.get(category);
    if (window === undefined || nowMs - window.startMs >= this.#windowMs) {
      const skipped = window?.skipped ?? 0;
      window = { startMs: nowMs, logged: 0, skipped };
      this.#windows.set(category, window);
    }
    if (window.logged >= this.#lines) {
      window.skipped += 1;
      return { log: false, suppressed: 0 };
    }
    window.logged += 1;
    const suppressed = window.skipped;
    window.skipped = 0;
    return { log: true, suppressed };
  }
}
