import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** The address's parameter of what a table's find looks for: kept by reload, Back and links. */
export const FIND_PARAM = 'find';
/** Typing writes the address after this pause, replacing its entry (history is not flooded). */
const WRITE_AFTER_MS = 300;

/**
 * What is typed in the find box, from and to the address (`find=`): the box answers every
 * keystroke at once, the address follows a moment later; a change of the address from
 * elsewhere (Back, a link, a view of one's own) is taken into the box.
 */
export function useFindText(): [string, (text: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const inAddress = searchParams.get(FIND_PARAM) ?? '';
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
        written.current = next;
        setSearchParams(
          (params) => {
            const updated = new URLSearchParams(params);
            if (next.trim() === '') updated.delete(FIND_PARAM);
            else updated.set(FIND_PARAM, next);
            return updated;
          },
          { replace: true, preventScrollReset: true },
        );
      }, WRITE_AFTER_MS);
    },
    [setSearchParams],
  );
  return [text, change];
}
