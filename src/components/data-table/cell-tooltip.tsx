import {
  memo,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useFloatingPanel } from '../use-floating-panel';

/** How long the pointer rests on a cell, or keyboard focus stays on it, before its tooltip shows. */
export const CELL_TOOLTIP_DELAY_MS = 400;

/** A cell's whole value as text, for its tooltip. */
export interface CellTitle {
  text: string;
  /**
   * The cell shows less than `text` even when its width cuts nothing (a text cut at its
   * character limit, chips beyond the fourth, a date's exact time); otherwise the tooltip
   * shows only when the cell's width cuts its content.
   */
  more: boolean;
}

/**
 * The cell a tooltip is for. `rowId` is the record the cell showed when the pointer or
 * focus came: rows are recycled (row-keys.ts), so the element under a resting pointer may
 * show another record a frame later, and a tooltip is only ever drawn while the row at
 * `rowIndex` is still that record.
 */
export interface TooltipTarget {
  rowIndex: number;
  columnIndex: number;
  rowId: string;
  via: 'pointer' | 'focus';
}

const sameCell = (a: TooltipTarget | null, b: TooltipTarget) =>
  a !== null &&
  a.rowIndex === b.rowIndex &&
  a.columnIndex === b.columnIndex &&
  a.rowId === b.rowId &&
  a.via === b.via;

/**
 * One tooltip for the whole grid, in place of a `title` on every cell: a `title` that
 * changes as a recycled row shows another record restyles its element (Tailwind's
 * preflight has an `abbr:where([title])` rule), and a `title` never shows on keyboard focus.
 */
export function useCellTooltip() {
  const [target, setTargetState] = useState<TooltipTarget | null>(null);
  // What was last asked to show, ahead of the render that shows it.
  const targetRef = useRef<TooltipTarget | null>(null);
  const pending = useRef<{ target: TooltipTarget; timer: ReturnType<typeof setTimeout> } | null>(
    null,
  );
  const setTarget = useCallback((next: TooltipTarget | null) => {
    targetRef.current = next;
    setTargetState(next);
  }, []);

  const cancel = useCallback(() => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
  }, []);

  /** Shows the tooltip of `next` after the delay, unless it is already shown or on its way. */
  const schedule = useCallback(
    (next: TooltipTarget) => {
      if (sameCell(targetRef.current, next) || sameCell(pending.current?.target ?? null, next))
        return;
      cancel();
      // Another cell's tooltip goes at once; the new one waits its delay.
      if (targetRef.current !== null) setTarget(null);
      const timer = setTimeout(() => {
        pending.current = null;
        setTarget(next);
      }, CELL_TOOLTIP_DELAY_MS);
      pending.current = { target: next, timer };
    },
    [cancel, setTarget],
  );

  /** Hides the tooltip (only one that came by `via`, when given) and cancels one on its way. */
  const hide = useCallback(
    (via?: TooltipTarget['via']) => {
      if (pending.current && (!via || pending.current.target.via === via)) cancel();
      const shown = targetRef.current;
      if (shown && (!via || shown.via === via)) setTarget(null);
    },
    [cancel, setTarget],
  );

  useEffect(() => cancel, [cancel]);
  return { target, schedule, hide };
}

/** True when an element of the cell cuts its content (a `truncate` span, the cell itself). */
function isCut(cell: HTMLElement): boolean {
  const elements = [cell, ...cell.querySelectorAll<HTMLElement>('*')];
  // Screen-reader-only text is a 1 px clipped box: not a cut value.
  return elements.some(
    (element) => element.clientWidth > 1 && element.scrollWidth > element.clientWidth,
  );
}

/**
 * The tooltip of the cell `cellSelector` finds in `container`, below the cell (above it
 * when there is more room there, slid sideways and capped to stay on screen: the shared
 * Floating UI placement of decision 054), while `title` has something the cell doesn't
 * show. The cell is described by it (aria-describedby) while it shows.
 */
export const CellTooltip = memo(CellTooltipInner, (previous, next) => {
  // Nothing shown nor asked for, before or now: the grid's render (every frame of a
  // scroll) has nothing to look for. Otherwise drawn again after every render of the grid.
  return (
    previous.cellSelector === null &&
    next.cellSelector === null &&
    previous.id === next.id &&
    previous.container === next.container
  );
});

interface CellTooltipProps {
  id: string;
  title: CellTitle | null;
  container: RefObject<HTMLElement | null>;
  cellSelector: string | null;
}

function CellTooltipInner({ id, title, container, cellSelector }: CellTooltipProps) {
  // The cell it hangs from; null while nothing is shown.
  const [cell, setCell] = useState<HTMLElement | null>(null);
  const { setReference, setFloating, style } = useFloatingPanel({ open: cell !== null });
  // Looked for after every render of the grid: a recycled row may have put the record's
  // cell in another element, and whether its content is cut is known only once laid out.
  useLayoutEffect(() => {
    const found =
      cellSelector === null
        ? null
        : (container.current?.querySelector<HTMLElement>(cellSelector) ?? null);
    const shown = found && title && (title.more || isCut(found)) ? found : null;
    setCell(shown);
    setReference(shown);
  });
  useLayoutEffect(() => {
    if (!cell) return;
    cell.setAttribute('aria-describedby', id);
    return () => {
      if (cell.getAttribute('aria-describedby') === id) cell.removeAttribute('aria-describedby');
    };
  }, [cell, id]);
  if (typeof document === 'undefined') return null;
  return createPortal(
    <div
      ref={cell ? setFloating : null}
      id={id}
      role="tooltip"
      hidden={!cell}
      style={style}
      // Never in the pointer's way: it sits over other cells, which stay hoverable. A value
      // taller than the room left is cut at the screen's edge rather than running past it.
      className="pointer-events-none z-50 overflow-hidden rounded bg-slate-900 px-2 py-1 text-xs break-words whitespace-pre-wrap text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
    >
      <div className="max-w-[32rem]">{title?.text}</div>
    </div>,
    document.body,
  );
}
