/**
 * Which scroll events a person made (decision 066's addendum): only those may draw the grid's
 * body on a canvas. A scroll the browser makes by itself (a focused or found element brought
 * into view, a text selection's autoscroll, an anchor, a test runner's actionability scroll) or
 * a library's `scrollTo` has no input before it and stays in DOM rows, like the app's own.
 *
 * A scroll is the person's ("armed") within ARM_MS of their last input on the scroll element
 * (a wheel, a touch, a pointer down on the element itself, i.e. its scrollbar, a key the app
 * left to the browser) or of the last armed scroll event, so a touch fling's momentum and a
 * smooth wheel's animation stay armed; or while a pointer or a touch is down. The rest (the
 * scrolling stopped) ends the arm. Untrusted events count too: this only picks a drawing mode,
 * and the benches dispatch their input.
 */
export const ARM_MS = 200;
/**
 * Frames drawn after an input before ARM_MS alone decides: an input's scroll event comes in
 * the frame after it (or the next), however long the task between them. On a slow phone a
 * long task (a draw, a page arriving) can hold that frame back past ARM_MS; the wheel's own
 * scroll then ended painting (DOM rows drawn at once) and its next step began it again.
 */
export const ARM_FRAMES = 2;

/** Keys whose default action scrolls the focused scroller (when the app leaves them). */
const SCROLL_KEYS = new Set([
  'PageDown',
  'PageUp',
  'Home',
  'End',
  ' ',
  'ArrowDown',
  'ArrowUp',
  'ArrowLeft',
  'ArrowRight',
]);

export class ScrollArm {
  private lastInput = Number.NEGATIVE_INFINITY;
  private lastScroll = Number.NEGATIVE_INFINITY;
  /** Frames still to be drawn before the last input's scroll can no longer be on its way. */
  private framesLeft = 0;
  private readonly pointers = new Set<number>();
  private touches = 0;
  /** The last key's event: if the app handled it (default prevented), it scrolls nothing. */
  private key: KeyboardEvent | null = null;

  /** `onInput`: every input, also one that scrolls nothing yet (the rest waits for it). */
  constructor(private readonly onInput: () => void = () => {}) {}

  input(now: number, key: KeyboardEvent | null = null): void {
    this.lastInput = now;
    this.key = key;
    this.framesLeft = ARM_FRAMES;
    this.onInput();
  }

  /** Whether a frame is awaited (see `frame`). */
  get awaitsFrame(): boolean {
    return this.framesLeft > 0;
  }

  /** A frame was drawn (called after its scroll events, from its animation callbacks). */
  frame(): void {
    if (this.framesLeft > 0) this.framesLeft -= 1;
  }

  pointerDown(pointerId: number, now: number): void {
    this.pointers.add(pointerId);
    this.input(now);
  }

  pointerUp(pointerId: number): void {
    this.pointers.delete(pointerId);
  }

  touchesDown(count: number, now: number | null): void {
    this.touches = count;
    if (now !== null) this.input(now);
  }

  /** All pointers and touches up (the window lost focus: their ends may never come). */
  release(): void {
    this.pointers.clear();
    this.touches = 0;
  }

  /** A scroll event at `now`: whether a person made it (and then it keeps the arm). */
  scroll(now: number): boolean {
    if (this.key?.defaultPrevented) {
      // The app took the key (and made its own scroll, marked as the app's).
      this.key = null;
      this.lastInput = Number.NEGATIVE_INFINITY;
      this.framesLeft = 0;
    }
    const held = this.pointers.size > 0 || this.touches > 0 || this.framesLeft > 0;
    if (!held && now - this.lastInput > ARM_MS && now - this.lastScroll > ARM_MS) return false;
    this.lastScroll = now;
    return true;
  }

  /**
   * Painting ended at once (a press on the canvas, the app's scroll): the arm ends, and an
   * input not scrolled yet with it (the scroll a wheel step had asked for before a press
   * is not drawn over the row pressed).
   */
  disarm(): void {
    this.framesLeft = 0;
    this.lastInput = Number.NEGATIVE_INFINITY;
    this.lastScroll = Number.NEGATIVE_INFINITY;
    this.key = null;
  }

  /**
   * The scrolling stopped: the arm ends. An input newer than the last
   * armed scroll survives: its scroll has not come yet (a wheel turned as the rest came).
   */
  rest(): void {
    if (this.lastInput <= this.lastScroll) {
      this.lastInput = Number.NEGATIVE_INFINITY;
      this.framesLeft = 0;
    }
    this.lastScroll = Number.NEGATIVE_INFINITY;
    this.key = null;
  }
}

function editable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/** Listens for a person's scroll input on `element`; returns the function that stops it. */
export function listenForScrollInput(
  element: HTMLElement,
  arm: ScrollArm,
  now: () => number = () => performance.now(),
): () => void {
  const view = element.ownerDocument.defaultView ?? window;
  // Counts the frames after an input (ARM_FRAMES), one callback a frame while some are awaited.
  let frame = 0;
  const onFrame = () => {
    frame = 0;
    arm.frame();
    if (arm.awaitsFrame) frame = view.requestAnimationFrame(onFrame);
  };
  const countFrames = () => {
    if (frame === 0 && arm.awaitsFrame) frame = view.requestAnimationFrame(onFrame);
  };
  const input = (key: KeyboardEvent | null = null) => {
    arm.input(now(), key);
    countFrames();
  };
  const onWheel = () => input();
  const onTouch = (event: TouchEvent) => {
    arm.touchesDown(event.touches.length, now());
    countFrames();
  };
  const onTouchEnd = (event: TouchEvent) => arm.touchesDown(event.touches.length, null);
  const onPointerDown = (event: PointerEvent) => {
    // On the element itself: its scrollbar (a cell's own target is the cell: a text
    // selection's autoscroll is the browser's).
    if (event.target === element && event.pointerType !== 'touch')
      arm.pointerDown(event.pointerId, now());
    countFrames();
  };
  const onPointerUp = (event: PointerEvent) => arm.pointerUp(event.pointerId);
  const onKeyDown = (event: KeyboardEvent) => {
    if (SCROLL_KEYS.has(event.key) && !editable(event.target)) input(event);
  };
  const onBlur = () => arm.release();
  const passive = { passive: true } as const;
  const capture = { capture: true, passive: true } as const;
  element.addEventListener('wheel', onWheel, passive);
  element.addEventListener('touchstart', onTouch, passive);
  element.addEventListener('touchmove', onTouch, passive);
  element.addEventListener('pointerdown', onPointerDown, passive);
  element.addEventListener('keydown', onKeyDown, passive);
  // The ends on the window: the element under a lifted touch may have left the page.
  view.addEventListener('touchend', onTouchEnd, capture);
  view.addEventListener('touchcancel', onTouchEnd, capture);
  view.addEventListener('pointerup', onPointerUp, capture);
  view.addEventListener('pointercancel', onPointerUp, capture);
  view.addEventListener('blur', onBlur);
  return () => {
    if (frame !== 0) view.cancelAnimationFrame(frame);
    element.removeEventListener('wheel', onWheel);
    element.removeEventListener('touchstart', onTouch);
    element.removeEventListener('touchmove', onTouch);
    element.removeEventListener('pointerdown', onPointerDown);
    element.removeEventListener('keydown', onKeyDown);
    view.removeEventListener('touchend', onTouchEnd, true);
    view.removeEventListener('touchcancel', onTouchEnd, true);
    view.removeEventListener('pointerup', onPointerUp, true);
    view.removeEventListener('pointercancel', onPointerUp, true);
    view.removeEventListener('blur', onBlur);
  };
}
