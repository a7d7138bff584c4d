import type { RowData } from '@tanstack/react-table';
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { type DrawnState, planFrame } from './canvas-band';
import { cancelTapClick, passClickThrough } from './canvas-click-through';
import { type PaintColumn, type PaintFrame, type PaintTheme, paintFrame } from './canvas-painter';
import type { AnyReactTable, DataRow } from './data-table-types';
import { DrawnCells, type DrawnTextOf } from './drawn-cells';

/** Whether this browser draws on a canvas (jsdom does not: its grids stay DOM). */
export function canvasSupported(): boolean {
  return typeof CanvasRenderingContext2D !== 'undefined';
}

/**
 * The theme's colours, read from these elements' computed `color` once per scroll: the
 * same Tailwind classes the DOM cells use, so dark mode is right without a second palette.
 */
const TONE_CLASSES: Record<Exclude<keyof PaintTheme, 'font' | 'chipFont'>, string> = {
  background: 'text-white dark:text-slate-950',
  text: 'text-slate-900 dark:text-slate-100',
  muted: 'text-slate-500 dark:text-slate-400',
  link: 'text-blue-700 dark:text-blue-400',
  good: 'text-emerald-700 dark:text-emerald-400',
  line: 'text-slate-100 dark:text-slate-800/60',
  placeholder: 'text-slate-200 dark:text-slate-800',
  chipBackground: 'text-slate-100 dark:text-slate-800',
  chipText: 'text-slate-800 dark:text-slate-200',
  markBackground: 'text-amber-50 dark:text-amber-950/40',
};
const TONES = Object.entries(TONE_CLASSES) as [keyof typeof TONE_CLASSES, string][];

export interface DataTableCanvasProps<TData extends RowData> {
  scrollRef: RefObject<HTMLElement | null>;
  /** This render draws the body on the canvas (and shows it). */
  painting: boolean;
  /** Whether a scroll event now is drawn (between renders). */
  isPainting: () => boolean;
  /**
   * A pointer down on the canvas: painting ends at once (the DOM rows drawn). A touch opens
   * nothing; a mouse's click then acts on the cell under it.
   */
  onEnd: () => void;
  headerHeight: number;
  rowHeight: number;
  rowCount: number;
  /** Row pixels per scroll pixel (scroll-scale.ts). */
  scale: number;
  table: AnyReactTable<TData>;
  columnStarts: readonly number[];
  frozen: number;
  rowAt: (rowIndex: number) => DataRow<TData> | undefined;
  isMarked?: ((row: DataRow<TData>) => boolean) | undefined;
}

/**
 * The grid's body drawn on a canvas while it scrolls (decision 066): sticky under the
 * header over the body's viewport, opaque, hidden from assistive technology (the DOM rows
 * stay the grid's content). Draws on every scroll event while painting, and after every
 * render while painting (a page of rows arriving, a column resized).
 */
export function DataTableCanvas<TData extends RowData>(props: DataTableCanvasProps<TData>) {
  const { scrollRef, painting, headerHeight } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const tonesRef = useRef<HTMLSpanElement>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  /** The canvas's size and theme, read when a scroll starts painting. */
  const setupRef = useRef<{ width: number; height: number; theme: PaintTheme } | null>(null);
  const lastDrawnRef = useRef('');
  /** What the last frame was drawn from: a scroll event right after a render's draw skips. */
  const drawnFromRef = useRef({ top: -1, left: -1, props });
  /** The cells drawn this scroll, per row object (drawn-cells.ts). */
  const cellsRef = useRef<DrawnCells<DataRow<TData>> | null>(null);
  /**
   * The chips' text widths in the chip font they were measured in (measureText per chip per
   * frame, otherwise): kept across scrolls while the font stays, since a scroll's first
   * frames, the longest at 10× CPU, measured every chip again.
   */
  const widthsRef = useRef({ font: '', widths: new Map<string, number>() });
  /** What the canvas shows (canvas-band.ts): a step moves it and draws the band exposed. */
  const shownRef = useRef<DrawnState | undefined>(undefined);

  const draw = useRef(() => {
    const canvas = canvasRef.current;
    const scroller = propsRef.current.scrollRef.current;
    const context = canvas?.getContext('2d', { alpha: false });
    if (!canvas || !scroller || !context) return;
    const current = propsRef.current;
    const drawnFrom = drawnFromRef.current;
    const { scrollTop, scrollLeft } = scroller;
    if (
      setupRef.current &&
      drawnFrom.top === scrollTop &&
      drawnFrom.left === scrollLeft &&
      drawnFrom.props === current
    )
      return;
    drawnFromRef.current = { top: scrollTop, left: scrollLeft, props: current };
    let setup = setupRef.current;
    if (!setup) {
      setup = setUp(canvas, scroller, tonesRef.current, current.headerHeight);
      setupRef.current = setup;
      shownRef.current = undefined;
      cellsRef.current ??= new DrawnCells();
      cellsRef.current.clear();
      // Bounded: a column of free-form chips may bring a new text with every row.
      if (widthsRef.current.font !== setup.theme.chipFont || widthsRef.current.widths.size > 2_000)
        widthsRef.current = { font: setup.theme.chipFont, widths: new Map() };
      const ratio = window.devicePixelRatio || 1;
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
    }
    const columns = paintColumnsOf(current.table, current.columnStarts);
    const cells = cellsRef.current ?? new DrawnCells();
    cellsRef.current = cells;
    cells.setColumns(columns.ids, columns.drawn);
    const { rowAt, isMarked } = current;
    const frame: PaintFrame = {
      width: setup.width,
      height: setup.height,
      rowOffset: scrollTop * current.scale,
      rowHeight: current.rowHeight,
      rowCount: current.rowCount,
      scrollLeft,
      columns: columns.paint,
      frozen: current.frozen,
      rowAt: (index) => {
        const row = rowAt(index);
        return row ? cells.paintRowOf(row, isMarked?.(row) ?? false) : undefined;
      },
      theme: setup.theme,
      textWidths: widthsRef.current.widths,
    };
    const ratio = window.devicePixelRatio || 1;
    // What the canvas shows is kept where it is still right (canvas-band.ts): a scroll step
    // draws the band it exposes, a render (a page arriving) the rows it changed; a column
    // resized or moved, a sideways scroll, a new size draw everything.
    const plan = planFrame(shownRef.current, frame, ratio);
    shownRef.current = plan.state;
    if (plan.shift !== 0) {
      // The canvas onto itself, whole device pixels up (or down): no resampling.
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.drawImage(canvas, 0, -plan.shift);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
    }
    const { first, rows } = plan.state;
    const result = paintFrame(
      context,
      { ...frame, rowOffset: plan.rowOffset, rowAt: (index) => rows[index - first] },
      plan.full ? undefined : plan.bands,
    );
    // The highest record drawn (1-based, as aria-rowindex − 1 reads): the bench's probe.
    const lastDrawn = String(result.lastLoadedRow + 1);
    if (lastDrawn !== lastDrawnRef.current) {
      lastDrawnRef.current = lastDrawn;
      canvas.dataset.lastDrawnRow = lastDrawn;
    }
  }).current;

  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const onScroll = () => {
      if (propsRef.current.isPainting()) draw();
      else setupRef.current = null;
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [scrollRef, draw]);
  useLayoutEffect(() => {
    if (painting) draw();
    else setupRef.current = null;
  });

  return (
    <div
      aria-hidden="true"
      className="sticky left-0 z-[5] h-0 w-0"
      style={{ top: headerHeight, marginBottom: 0 }}
    >
      <canvas
        ref={canvasRef}
        className="absolute top-0 left-0"
        style={{ display: painting ? 'block' : 'none' }}
        onPointerDown={(event) => {
          event.preventDefault();
          props.onEnd();
          // A touch is like a tap on a fling: the scrolling stops there, nothing under it
          // opens (the phones' convention). A mouse or a pen clicks what is under it.
          if (event.pointerType === 'touch') cancelTapClick(event.nativeEvent);
          else if (event.button === 0) passClickThrough(event.nativeEvent, props.onEnd);
        }}
      />
      <span ref={tonesRef} hidden>
        {TONES.map(([tone, className]) => (
          <span key={tone} data-tone={tone} className={className} />
        ))}
      </span>
    </div>
  );
}

/** Sizes the canvas to the body's viewport (device pixels) and reads the theme. */
function setUp(
  canvas: HTMLCanvasElement,
  scroller: HTMLElement,
  tones: HTMLElement | null,
  headerHeight: number,
): { width: number; height: number; theme: PaintTheme } {
  const width = scroller.clientWidth;
  const height = Math.max(0, scroller.clientHeight - headerHeight);
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
  if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const style = getComputedStyle(scroller);
  const family = style.fontFamily;
  const theme = {
    font: `${style.fontWeight} ${style.fontSize} ${family}`,
    chipFont: `${style.fontWeight} 12px ${family}`,
  } as PaintTheme;
  for (const [tone] of TONES) {
    const element = tones?.querySelector<HTMLElement>(`[data-tone="${tone}"]`);
    theme[tone] = element ? getComputedStyle(element).color : style.color;
  }
  return { width, height, theme };
}

function paintColumnsOf<TData extends RowData>(
  table: AnyReactTable<TData>,
  starts: readonly number[],
) {
  const visible = table.getVisibleLeafColumns();
  const paint: PaintColumn[] = [];
  const ids: string[] = [];
  const drawn: DrawnTextOf[] = [];
  visible.forEach((column, index) => {
    const meta = column.columnDef.meta;
    paint.push({
      start: starts[index] ?? 0,
      width: column.getSize(),
      alignEnd: meta?.align === 'end',
    });
    ids.push(column.id);
    drawn.push(meta?.drawnText ?? plainText);
  });
  return { paint, ids, drawn };
}

/** A column without `drawnText`: its value as text. */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value) ?? '';
    } catch {
      return String(value);
    }
  }
  return String(value);
}
