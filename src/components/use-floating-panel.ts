import {
  autoUpdate,
  flip,
  type Middleware,
  offset,
  type Placement,
  shift,
  size,
  useFloating,
} from '@floating-ui/react-dom';
import { type CSSProperties, type RefCallback, useCallback, useRef } from 'react';
import { usePopoverDismissal } from './use-popover-dismissal';

/** Room kept between a floating panel and the screen's edge, so its shadow and border show. */
export const VIEWPORT_MARGIN = 8;

/**
 * How every panel that hangs from a control is placed: below it (above when there is more
 * room there), slid sideways to stay on screen, and never wider or taller than the room
 * left, so on a 320 px phone a 288 px menu opened from a button near the left edge stays
 * whole instead of starting past the edge. Exported for the unit tests.
 */
export function floatingPanelMiddleware({
  margin = VIEWPORT_MARGIN,
  maxHeight = Number.POSITIVE_INFINITY,
}: {
  margin?: number;
  /** A panel's own cap (a long list scrolls inside it), below the screen's room. */
  maxHeight?: number;
} = {}): Middleware[] {
  return [
    offset(4),
    flip({ padding: margin }),
    shift({ padding: margin }),
    size({
      padding: margin,
      apply({ availableWidth, availableHeight, elements }) {
        Object.assign(elements.floating.style, {
          maxWidth: `${Math.max(0, Math.floor(availableWidth))}px`,
          maxHeight: `${Math.max(0, Math.floor(Math.min(maxHeight, availableHeight)))}px`,
        });
      },
    }),
  ];
}

/**
 * Floating UI for one panel: `setReference` on the control it hangs from, `setFloating` and
 * `style` on the panel. Positioned `fixed` so no scrolling box (the grid) cuts it, and
 * placed again while it is open whenever the page scrolls or either box changes size.
 */
export function useFloatingPanel({
  open,
  placement = 'bottom-start',
  maxHeight,
  margin,
}: {
  open: boolean;
  placement?: Placement;
  maxHeight?: number;
  /** Room kept to the screen's edge when not VIEWPORT_MARGIN. */
  margin?: number;
}): {
  setReference: RefCallback<HTMLElement>;
  setFloating: RefCallback<HTMLElement>;
  style: CSSProperties;
} {
  const { refs, floatingStyles } = useFloating({
    open,
    placement,
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: floatingPanelMiddleware({
      ...(maxHeight === undefined ? {} : { maxHeight }),
      ...(margin === undefined ? {} : { margin }),
    }),
  });
  return { setReference: refs.setReference, setFloating: refs.setFloating, style: floatingStyles };
}

/**
 * A menu or popover opened by a button: placed by `useFloatingPanel`, closed by Escape or a
 * press outside (`usePopoverDismissal`). `rootRef` goes on the element holding both the
 * button and the panel, `openerRef` on the button, `panelRef` and `panelStyle` on the panel.
 */
export function usePopover({
  open,
  onClose,
  placement,
  maxHeight,
  margin,
}: {
  open: boolean;
  onClose: () => void;
  placement?: Placement;
  maxHeight?: number;
  margin?: number;
}) {
  const rootRef = useRef<HTMLDivElement>(null);
  const openerElement = useRef<HTMLElement | null>(null);
  const { setReference, setFloating, style } = useFloatingPanel({
    open,
    ...(placement ? { placement } : {}),
    ...(maxHeight === undefined ? {} : { maxHeight }),
    ...(margin === undefined ? {} : { margin }),
  });
  usePopoverDismissal({ open, onClose, rootRef, openerRef: openerElement });
  const openerRef = useCallback(
    (node: HTMLElement | null) => {
      openerElement.current = node;
      setReference(node);
    },
    [setReference],
  );
  return { rootRef, openerRef, panelRef: setFloating, panelStyle: style };
}
