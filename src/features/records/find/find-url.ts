import { useCallback, useEffect, useRef, useState } from 'react';

/** Typing writes the address after this pause (the box answers every keystroke at once). */
const WRITE_AFTER_MS = 300;

/**
 * What is typed in the find box, kept in the address (`find=`, written by the records
 * view's URL state): the box follows every keystroke at once, the address a moment later;
 * a change of the address from elsewhere (Back, a link, a view of one's own) is taken into
 * the box.
 */
export function useFindText(
  inAddress: string,
  writeAddress: (text: string) => void,
): [string, (text: string) => void] {
  const [text, setText] = useState(inAddress);
  /**
   * What this box wrote and the address has not shown yet, oldest first: the router
   * applies writes in transitions, so an earlier one ("h" of "haddad") can show after a
   * later one was written, and must not be taken for a change from elsewhere.
   */
  const pending = useRef<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const shown = useRef(inAddress);

  useEffect(() => {
    shown.current = inAddress;
    const ours = pending.current.indexOf(inAddress);
    if (ours >= 0) {
      pending.current.splice(0, ours + 1);
      return;
    }
    pending.current = [];
    clearTimeout(timer.current);
    setText(inAddress);
  }, [inAddress]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = useCallback(
    (next: string) => {
      setText(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const written = next.trim() === '' ? '' : next;
        // The address already says it: nothing would show the write, so nothing waits for it.
        if (written === shown.current && pending.current.length === 0) return;
        pending.current.push(written);
        writeAddress(next);
      }, WRITE_AFTER_MS);
    },
    [writeAddress],
  );
  return [text, change];
}
