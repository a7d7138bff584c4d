import type { ReactNode } from 'react';

/**
 * Words about keys (arrows, Enter, shortcuts), shown only where a keyboard is likely: a
 * fine pointer that can hover (a desk). A phone or tablet user is never told to press keys
 * they do not have; the controls still answer those keys wherever a keyboard is attached.
 */
export const KEYBOARD_ONLY = 'hidden [@media(hover:hover)_and_(pointer:fine)]:block';

export function KeyboardHint({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) {
  return <p className={`${KEYBOARD_ONLY} ${className}`}>{children}</p>;
}
