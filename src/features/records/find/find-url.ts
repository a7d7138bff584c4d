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
  const written = useRef(inAddress);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (inAddress === written.current) return;
    written.current = inAddress;
    clearTimeout(timer.current);
    setText(inAddress);
  }, [inAddress]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = useCallback(
    (next: string) => {
      setText(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        written.current = next.trim() === '' ? '' : next;
        writeAddress(next);
      }, WRITE_AFTER_MS);
    },
    [writeAddress],
  );
  return [text, change];
}
