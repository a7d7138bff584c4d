import { useEffect, useState } from 'react';

/**
 * `text` once it has stayed the same for `delayMs`: what a lookup asks for while the person
 * is still typing is the last settled text, so one request goes per pause, not per key.
 */
export function useSettledText(text: string, delayMs: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}
