import { useCallback, useRef, useState } from 'react';

/**
 * Which column's summary is open, and focus back on that column's summary button when it
 * closes (Escape or Close), so a keyboard user carries on from the header they were at.
 */
export function useColumnSummary() {
  const [openName, setOpenName] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const toggle = useCallback((name: string) => {
    setOpenName((open) => (open === name ? null : name));
  }, []);

  const close = useCallback(() => {
    setOpenName((open) => {
      if (open !== null) {
        const button = buttons.current.get(open);
        // After the panel is gone: focus must not land in a node about to unmount.
        requestAnimationFrame(() => button?.focus());
      }
      return null;
    });
  }, []);

  /** A ref callback for the summary button of `name`. */
  const buttonRef = useCallback(
    (name: string) => (element: HTMLButtonElement | null) => {
      if (element) buttons.current.set(name, element);
      else buttons.current.delete(name);
    },
    [],
  );

  return { openName, toggle, close, buttonRef };
}
