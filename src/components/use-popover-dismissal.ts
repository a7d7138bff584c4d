import { type RefObject, useEffect } from 'react';

/**
 * How every popover and menu in the app closes (Export, Columns, the workspace switcher):
 * Escape, wherever focus is (on the button that opened it, inside it, or lost to the page),
 * closes it and puts focus back on that button; a press outside it closes it and leaves
 * focus where the press put it. One hook, so no popover is left that Escape can't close.
 */
export function usePopoverDismissal({
  open,
  onClose,
  rootRef,
  openerRef,
}: {
  open: boolean;
  onClose: () => void;
  /** The opener and the popover together: a press inside either keeps it open. */
  rootRef: RefObject<HTMLElement | null>;
  openerRef: RefObject<HTMLElement | null>;
}): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      // A control inside that used Escape itself (a text box clearing its draft) keeps it open.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onClose();
      openerRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, onClose, rootRef, openerRef]);
}
