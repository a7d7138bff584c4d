/**
 * When a list's scrolling has stopped (issue 31, decision 066's addendum): no scroll event
 * and no scroll input for REST_MS of the person's time. A plain timer set at each scroll
 * event cannot tell: on a slow phone a frame outlasts REST_MS, the timer then runs as soon
 * as the long task ends, before the scroll events and the input that waited behind it, and
 * the list "rests" while the wheel is still turning (the grid drew its DOM rows, hid its
 * canvas, and the next step showed it again, 3–6 times in a 10 s low-tier wheel).
 *
 * So a timer that comes LATE_MS or more after it was due (the main thread was busy: the
 * quiet it measured was not the person's) rests nothing: it waits for the next frame, whose
 * scroll events and input are dispatched before its callbacks, and the wait starts again
 * from that frame. A timer on time (a desk, a mid-tier phone) rests REST_MS after the last
 * scroll or input, as the virtualizer's own timer did.
 */
export const REST_MS = 150;
/** A timer this late (a long task's threshold) measured a busy thread, not a quiet person. */
export const LATE_MS = 50;

export interface RestClock {
  now: () => number;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** The next frame's callback (after its scroll events); returns what cancels it. */
  nextFrame: (run: () => void) => () => void;
}

const browserClock: RestClock = {
  now: () => performance.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  nextFrame: (run) => {
    const frame = requestAnimationFrame(run);
    return () => cancelAnimationFrame(frame);
  },
};

export class ScrollRest {
  /**
   * When the rest is due: REST_MS after the last scroll or input. One timer serves a run of
   * scroll events (it is moved on when it fires early), not one set and cleared per event:
   * at a low-tier CPU the timers were a sixth of the virtual window's scroll listener.
   */
  private due = 0;
  private timer: unknown = null;
  private cancelFrame: (() => void) | null = null;

  constructor(
    private readonly onRest: () => void,
    private readonly clock: RestClock = browserClock,
  ) {}

  /** Whether a rest is awaited (a scroll came and the scrolling has not stopped). */
  get scrolling(): boolean {
    return this.timer !== null || this.cancelFrame !== null;
  }

  /** A scroll event: the scrolling goes on (or starts), REST_MS from now at least. */
  scrolled(): void {
    this.wait();
  }

  /** A person's scroll input (wheel, touch, key): keeps a scrolling going, starts none. */
  input(): void {
    if (this.scrolling) this.wait();
  }

  /** Stops waiting, without resting (the list went away). */
  cancel(): void {
    if (this.timer !== null) this.clock.clearTimer(this.timer);
    this.cancelFrame?.();
    this.timer = null;
    this.cancelFrame = null;
  }

  /** The wait starts again: REST_MS from now (a debounce; a pending timer is kept). */
  private wait(): void {
    this.due = this.clock.now() + REST_MS;
    // Waiting for the frame after a late timer: that frame starts the wait again.
    if (this.timer !== null || this.cancelFrame !== null) return;
    this.timer = this.clock.setTimer(this.fire, REST_MS);
  }

  private readonly fire = (): void => {
    this.timer = null;
    const now = this.clock.now();
    // A scroll since the timer was set: the rest is later (a timer as the last one's would be).
    if (now < this.due) {
      this.timer = this.clock.setTimer(this.fire, this.due - now);
      return;
    }
    if (now - this.due < LATE_MS) {
      this.onRest();
      return;
    }
    // Late: what waited behind the long task comes before the next frame's callbacks.
    this.cancelFrame = this.clock.nextFrame(this.frame);
  };

  /** The frame after a late timer (its scrolls dispatched first): the wait starts again here. */
  private readonly frame = (): void => {
    this.cancelFrame = null;
    this.wait();
  };
}
