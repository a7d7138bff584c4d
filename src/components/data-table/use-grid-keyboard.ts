import {
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** A place in a grid: a row (an item of a list) and a column (0 in a list of cards). */
export interface GridPosition {
  row: number;
  column: number;
}

/**
 * The element that takes focus at a position: an element with `data-column-index`, inside
 * (or itself) the element with `data-row-index`. A grid's cells sit in their rows; a card
 * carries both attributes itself.
 */
export function cellSelector(row: number, column: number): string {
  const rowAttribute = `[data-row-index="${row}"]`;
  const columnAttribute = `[data-column-index="${column}"]`;
  return `${rowAttribute} ${columnAttribute}, ${rowAttribute}${columnAttribute}`;
}

/** The position of a focus target (see cellSelector), or null for any other element. */
export function positionOf(element: HTMLElement): GridPosition | null {
  if (element.dataset.columnIndex === undefined) return null;
  const rowElement = element.closest<HTMLElement>('[data-row-index]');
  return {
    row: Number(rowElement?.dataset.rowIndex ?? 0),
    column: Number(element.dataset.columnIndex),
  };
}

export interface GridKeyboardOptions {
  scrollRef: RefObject<HTMLElement | null>;
  rowCount: number;
  /** 1 for a list of cards: ← and → then stay where they are. */
  columnCount: number;
  /** How far PageUp and PageDown move. */
  rowsPerPage: number;
  /** Scrolls a position into view before it takes focus (it may not be drawn yet). */
  bringIntoView: (position: GridPosition) => void;
  /** Rows added above push the active position down with its record (decision 018). */
  growsUpward?: boolean;
  /** A position took focus (by keyboard or pointer). */
  onFocusPosition?: (position: GridPosition) => void;
  /** Enter or Space on a position; true when it did something. */
  onActivate?: (position: GridPosition) => boolean;
  /** Ctrl+End: the caller may need to load to the end before the last row exists. */
  onRequestLastRow?: () => void;
  /** Any other key on a position; true when it handled it. */
  onOtherKey?: (event: KeyboardEvent<HTMLElement>, position: GridPosition) => boolean;
}

export interface GridKeyboard {
  /** The position that holds (or last held) focus: the grid's one Tab stop. */
  active: GridPosition;
  /** Moves focus to a position, scrolling it into view and waiting until it is drawn. */
  moveTo: (row: number, column: number) => void;
  /** For every focus target's onFocus: the position takes the Tab stop. One function for the grid's life. */
  focusPosition: (position: GridPosition) => void;
  /** For the container's onKeyDown: arrows, Home/End, PageUp/PageDown, Enter. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** The row whose target is tabbable: the active one when drawn, else the first drawn. */
  tabbableRow: (drawnRows: readonly number[]) => number;
}

/**
 * Keyboard navigation with a roving tab stop (the ARIA grid pattern): one focus target in
 * the grid is tabbable, arrow keys move between targets, and a target that is not drawn
 * yet is scrolled into view and focused once drawn. It knows no markup: targets are found
 * by their data attributes (cellSelector), so a list of cards uses it as the grid does.
 */
export function useGridKeyboard(options: GridKeyboardOptions): GridKeyboard {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const { scrollRef, rowCount, growsUpward = false } = options;
  const [active, setActive] = useState<GridPosition>({ row: 0, column: 0 });
  const pendingFocus = useRef(false);

  const focusPosition = useCallback((position: GridPosition) => {
    setActive(position);
    optionsRef.current.onFocusPosition?.(position);
  }, []);

  // Rows added above a list that grows upward: the active position follows its record.
  const previousRowCount = useRef(rowCount);
  useLayoutEffect(() => {
    const added = rowCount - previousRowCount.current;
    previousRowCount.current = rowCount;
    if (!growsUpward || added === 0) return;
    setActive((cell) => ({ ...cell, row: Math.max(0, cell.row + added) }));
    // Keyboard focus follows its record to the row's new index.
    if (scrollRef.current?.contains(document.activeElement)) pendingFocus.current = true;
  }, [rowCount, growsUpward, scrollRef]);

  // Focus lands once the target is drawn, which may take a scroll and a render.
  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    const cell = scrollRef.current?.querySelector<HTMLElement>(
      cellSelector(active.row, active.column),
    );
    if (cell) {
      pendingFocus.current = false;
      cell.focus({ preventScroll: true });
    }
  });

  const moveTo = useCallback((row: number, column: number) => {
    const { rowCount, columnCount, bringIntoView } = optionsRef.current;
    const target = {
      row: Math.max(0, Math.min(row, rowCount - 1)),
      column: Math.max(0, Math.min(column, columnCount - 1)),
    };
    setActive(target);
    pendingFocus.current = true;
    bringIntoView(target);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    // Keys typed into a link or control inside a cell are theirs, not the grid's.
    const position = positionOf(target);
    if (!position) return;
    const { row, column } = position;
    const { rowCount, columnCount, rowsPerPage, onActivate, onRequestLastRow, onOtherKey } =
      optionsRef.current;
    const ctrl = event.ctrlKey || event.metaKey;
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(row + 1, column);
        break;
      case 'ArrowUp':
        moveTo(row - 1, column);
        break;
      case 'ArrowRight':
        moveTo(row, column + 1);
        break;
      case 'ArrowLeft':
        moveTo(row, column - 1);
        break;
      case 'PageDown':
        moveTo(row + rowsPerPage, column);
        break;
      case 'PageUp':
        moveTo(row - rowsPerPage, column);
        break;
      case 'Home':
        moveTo(ctrl ? 0 : row, 0);
        break;
      case 'End':
        if (ctrl && onRequestLastRow) onRequestLastRow();
        else moveTo(ctrl ? rowCount - 1 : row, columnCount - 1);
        break;
      case 'Enter':
      case ' ':
        handled = onActivate?.(position) ?? false;
        break;
      default:
        handled = onOtherKey?.(event, position) ?? false;
    }
    if (handled) event.preventDefault();
  };

  const tabbableRow = (drawnRows: readonly number[]) =>
    drawnRows.includes(active.row) ? active.row : (drawnRows[0] ?? 0);

  return { active, moveTo, focusPosition, onKeyDown, tabbableRow };
}
