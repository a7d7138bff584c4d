import { type FocusEvent, type RefObject, useEffect, useRef, useState } from 'react';

/** How long a notice the person did not ask for stays once they have moved on (Undo). */
export const NOTICE_SECONDS = 8;

/**
 * The time of a notice the person did not start (an Undo offer), theirs to control
 * (WCAG 2.2.1): it does not run until the person does something outside the notice (a key
 * or a press elsewhere: a notice nobody has reacted to has not been seen to go), and it
 * stops while the notice has focus or the pointer; each time it runs again it runs in
 * full. `key` changes with each new notice (null: none). Spread the result on the notice.
 */
export function useNoticeTime(
  key: number | string | null,
  containerRef: RefObject<HTMLElement | null>,
  onLapse: () => void,
  seconds = NOTICE_SECONDS,
) {
  const [held, setHeld] = useState(false);
  // The notice the person has moved on from.
  const [movedOn, setMovedOn] = useState<number | string | null>(null);
  const lapse = useRef(onLapse);
  lapse.current = onLapse;
  const inside = (node: unknown) => containerRef.current?.contains(node as Node) ?? false;

  useEffect(() => {
    if (key === null) return;
    const acted = (event: Event) => {
      if (!inside(event.target)) setMovedOn(key);
    };
    document.addEventListener('pointerdown', acted, true);
    document.addEventListener('keydown', acted, true);
    return () => {
      document.removeEventListener('pointerdown', acted, true);
      document.removeEventListener('keydown', acted, true);
    };
  });

  useEffect(() => {
    if (key === null || movedOn !== key || held) return;
    const timer = setTimeout(() => lapse.current(), seconds * 1000);
    return () => clearTimeout(timer);
  }, [key, movedOn, held, seconds]);

  return {
    onPointerEnter: () => setHeld(true),
    onPointerLeave: () => setHeld(inside(document.activeElement)),
    onFocus: () => setHeld(true),
    onBlur: (event: FocusEvent) => setHeld(inside(event.relatedTarget)),
  };
}
