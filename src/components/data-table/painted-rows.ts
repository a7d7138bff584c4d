import type { Row, RowData } from '@tanstack/react-table';
import { type RefObject, useLayoutEffect, useReducer, useRef } from 'react';
import type { DataTableFeatures } from './data-table-features';

/** What the grid's canvas draws from: the rows at their indices, and how many there are. */
export interface PaintedSource<TData extends RowData> {
  rowAt: (rowIndex: number) => Row<DataTableFeatures, TData> | undefined;
  rowCount: number;
}

/**
 * Rows handed to a grid between its owner's renders while the grid paints (decision 068,
 * issue 31). While the canvas draws the body the DOM rows are frozen, so a page arriving
 * buys nothing on screen but the canvas's new rows and the scroller's height: the owner
 * publishes them here and renders nothing; the grid renders alone, draws them, and says
 * when the scrolling rests, where the owner renders once for what it held.
 */
export class PaintedRows<TData extends RowData> {
  private painting: () => boolean = () => false;
  private source: PaintedSource<TData> | null = null;
  private version = 0;
  private readonly listeners = new Set<() => void>();
  private readonly restListeners = new Set<() => void>();

  /** Whether the grid connected to it paints now (its DOM rows frozen under the canvas). */
  isPainting(): boolean {
    return this.painting();
  }

  /** The grid: how to tell whether it paints. Returns the disconnect. */
  connect(isPainting: () => boolean): () => void {
    this.painting = isPainting;
    return () => {
      if (this.painting !== isPainting) return;
      this.painting = () => false;
      // A grid gone (or handed nothing more) while painting: the owner renders what it held.
      this.rest();
    };
  }

  /** The owner: rows newer than its last render, at `version` (its data's time). */
  publish(source: PaintedSource<TData>, version: number): void {
    this.source = source;
    this.version = version;
    for (const listener of this.listeners) listener();
  }

  /** The owner renders rows at `version`: its props are the newest again. */
  settle(version: number): void {
    if (this.source !== null && version >= this.version) this.source = null;
  }

  /** Rows published since the owner last rendered, or null. */
  latest(): PaintedSource<TData> | null {
    return this.source;
  }

  /** The grid: rows were published. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The owner: the scrolling rested (the grid draws its DOM rows again). */
  onRest(listener: () => void): () => void {
    this.restListeners.add(listener);
    return () => this.restListeners.delete(listener);
  }

  /** The grid: the scrolling rested. */
  rest(): void {
    for (const listener of this.restListeners) listener();
  }
}

/** The grid: the rows handed over since the owner's last render (each hand-over renders it). */
export function useHandedRows<TData extends RowData>(
  painted: PaintedRows<TData> | undefined,
): PaintedSource<TData> | null {
  const [, renderHanded] = useReducer((renders: number) => renders + 1, 0);
  useLayoutEffect(() => painted?.subscribe(renderHanded), [painted]);
  return painted?.latest() ?? null;
}

/**
 * The grid: tells `painted` whether it paints (`holding`: its DOM rows frozen under the
 * canvas), and when a render of its ends the painting (the rest: the owner renders then).
 */
export function usePaintedRest<TData extends RowData>(
  painted: PaintedRows<TData> | undefined,
  holding: RefObject<() => boolean>,
  painting: boolean,
): void {
  useLayoutEffect(() => painted?.connect(() => holding.current()), [painted, holding]);
  const paintedBeforeRef = useRef(false);
  useLayoutEffect(() => {
    if (paintedBeforeRef.current && !painting) painted?.rest();
    paintedBeforeRef.current = painting;
  });
}
