import { type RefObject, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { listenForScrollInput, ScrollArm } from './scroll-arming';

export interface CanvasMode {
  /** This render: the body is drawn on the canvas and the DOM rows stay as they were. */
  painting: boolean;
  /** Whether a scroll event now is drawn on the canvas (read between renders). */
  isPainting: () => boolean;
  /**
   * From the scroll element's scroll event, before the virtual window renders for it: a
   * scroll a person made (scroll-arming.ts) starts (or keeps) painting; any other (the
   * app's, the browser's own, a library's) ends it.
   */
  onScroll: (element: HTMLElement) => void;
  /**
   * Right after the app itself moved the scroll (a key, Go to, a restored place): the
   * scroll event that brings `element` to where it is now stays DOM.
   */
  markAppScroll: (element: HTMLElement) => void;
  /** Ends painting at once (a tap on the canvas): the DOM rows drawn, the canvas hidden. */
  end: () => void;
}

/**
 * When the grid's body is drawn on a canvas (decision 066): from a scroll the person makes
 * (wheel, touch, scrollbar, a key left to the browser: their input on `scrollRef`'s element
 * arms it, scroll-arming.ts) until the scrolling stops, then the DOM rows come back for the
 * new range in a transition whose commit also hides the canvas. Scrolls the app makes
 * itself stay DOM: the row it scrolls to is one a person then reads or focuses. So do the
 * browser's own (a cell brought into view before a click or a focus): no input armed them.
 *
 * Each scroll of the person's is numbered; painting is "the latest number has not been
 * rested". Numbers rather than a flag, so a rest begun in a transition never ends a
 * scroll that started again before the transition committed.
 */
export function useCanvasMode(
  scrollRef: RefObject<HTMLElement | null>,
  scrolling: boolean,
  enabled: boolean,
  /** A person's scroll input came (the virtual window's `scrollInput`: not at rest yet). */
  onScrollInput?: () => void,
): CanvasMode {
  const onScrollInputRef = useRef(onScrollInput);
  onScrollInputRef.current = onScrollInput;
  const [arm] = useState(() => new ScrollArm(() => onScrollInputRef.current?.()));
  const gestureRef = useRef(0);
  const countRef = useRef(0);
  const restedRef = useRef(0);
  /** Where the app's own last scroll put the element, until its scroll event comes. */
  const appScrollRef = useRef<{ top: number; left: number } | null>(null);
  const shownRef = useRef(false);
  const [rested, setRested] = useState(0);
  // Shown only from a render made while the scroll goes on (or kept once shown): a scroll
  // too small to move the drawn range renders nothing while it lasts, and drawing the
  // canvas first in the render that ends it put a canvas over a grid at rest, under a
  // click already aimed at a row. That render draws the DOM rows at once instead.
  const painting =
    enabled &&
    gestureRef.current !== 0 &&
    gestureRef.current !== rested &&
    (scrolling || shownRef.current);

  useEffect(() => {
    shownRef.current = painting;
    restedRef.current = rested;
  });
  useEffect(() => {
    const element = scrollRef.current;
    if (!enabled || !element) return;
    return listenForScrollInput(element, arm);
  }, [scrollRef, enabled, arm]);
  // The scrolling stopped: a scroll after it needs a person's input again.
  useEffect(() => {
    if (!scrolling) arm.rest();
  }, [scrolling, arm]);
  // The scrolling stopped: the DOM rows for where it stopped, not in one long task.
  useEffect(() => {
    if (scrolling || !painting) return;
    const gesture = gestureRef.current;
    startTransition(() => setRested(gesture));
  }, [scrolling, painting]);

  const end = useCallback(() => {
    // Every scroll numbered so far is rested (a number the state has not had while shown).
    const latest = countRef.current;
    gestureRef.current = 0;
    arm.disarm();
    restedRef.current = latest;
    if (shownRef.current) flushSync(() => setRested(latest));
  }, [arm]);

  const onScroll = useCallback(
    (element: HTMLElement) => {
      if (!enabled) return;
      const app = appScrollRef.current;
      appScrollRef.current = null;
      // The app's scroll, by where it put the element: a write that moved nothing sends no
      // event, and a flag would take the person's next scroll for the app's.
      if (
        app !== null &&
        Math.abs(element.scrollTop - app.top) < 1 &&
        Math.abs(element.scrollLeft - app.left) < 1
      ) {
        end();
        return;
      }
      // No person's input before it: the browser's or a library's scroll, drawn as the app's.
      if (!arm.scroll(performance.now())) {
        end();
        return;
      }
      countRef.current += 1;
      gestureRef.current = countRef.current;
    },
    [enabled, end, arm],
  );

  const markAppScroll = useCallback((element: HTMLElement) => {
    appScrollRef.current = { top: element.scrollTop, left: element.scrollLeft };
    // The render the app's scroll causes draws DOM rows (`end` follows in onScroll).
    gestureRef.current = 0;
  }, []);

  const isPainting = useCallback(
    () => enabled && gestureRef.current !== 0 && gestureRef.current !== restedRef.current,
    [enabled],
  );

  return { painting, isPainting, onScroll, markAppScroll, end };
}
