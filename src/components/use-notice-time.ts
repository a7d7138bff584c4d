import { type FocusEvent, type RefObject, useEffect, useRef, useState } from 'react';

/** How long a notice the person did not ask for stays once they have moved on (Undo). */
export const NOTICE_SECONDS = 8;

export interface NoticeHoldProps {
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  onFocus: () => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * The time of a notice the person did not start (an Undo offer), theirs to control
 * (WCAG 2.2.1): it does not run until the person has done something outside the notice
 * (a key or a press elsewhere: a notice nobody has reacted to has not been seen to go),
 * and it stops while the notice has focus or the pointer, or the page is hidden. Each
 * time it runs again it runs in full. `key` changes with each new notice (null: none).
 */
export function useNoticeTime(
  key: number | string | null,
  containerRef: RefObject<HTMLElement | null>,
  onLapse: () => void,
  seconds = NOTICE_SECONDS,
): NoticeHoldProps {
  const [pointed, setPointed] = useState(false);
  const [focused, setFocused] = useState(false);
  const [movedOn, setMovedOn] = useState(false);
  const [hidden, setHidden] = useState(() => document.visibilityState === 'hidden');
  const lapse = useRef(onLapse);
  lapse.current = onLapse;

  // A new notice waits afresh for the person to move on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset per notice
  useEffect(() => {
    setMovedOn(false);
    // The last notice may have gone from under the pointer without a pointerleave.
    setPointed(false);
  }, [key]);

  useEffect(() => {
    if (key === null || movedOn) return;
    const acted = (event: Event) => {
      if (event.target instanceof Node && containerRef.current?.contains(event.target)) return;
      setMovedOn(true);
    };
    document.addEventListener('pointerdown', acted, true);
    document.addEventListener('keydown', acted, true);
    return () => {
      document.removeEventListener('pointerdown', acted, true);
      document.removeEventListener('keydown', acted, true);
    };
  }, [key, movedOn, containerRef]);

  useEffect(() => {
    const sync = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', sync);
    return () => document.removeEventListener('visibilitychange', sync);
  }, []);

  const running = key !== null && movedOn && !pointed && !focused && !hidden;
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => lapse.current(), seconds * 1000);
    return () => clearTimeout(timer);
  }, [running, seconds]);

  return {
    onPointerEnter: () => setPointed(true),
    onPointerLeave: () => setPointed(false),
    onFocus: () => setFocused(true),
    onBlur: (event) => {
      if (!containerRef.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };
}
