import { numberInCell } from '../../e2e/support/records-grid';
import type { App } from './fixtures';

/**
 * The records grid read in the page, the way e2e/support/records-grid.ts reads it: each
 * drawn row's place in the list (aria-rowindex) and its cells under their column's name.
 */
export interface DrawnRow {
  index: number;
  id: string;
  cells: Record<string, string>;
}

export function drawnRows(app: App): Promise<DrawnRow[]> {
  return app.evaluate(() => {
    const grid = document.querySelector('[role="grid"]');
    if (!grid) return [];
    const names = [...grid.querySelectorAll('[role="columnheader"]')].map(
      (header) => header.querySelector('button span')?.textContent ?? '',
    );
    return [...grid.querySelectorAll<HTMLElement>('tbody [role="row"]:not([aria-busy])')]
      .map((row) => {
        const cells = [...row.querySelectorAll('[role="gridcell"]')].map((cell) => {
          const text = (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
          return text === '—empty' ? '' : text;
        });
        return {
          index: Number(row.getAttribute('aria-rowindex')) - 2,
          id: row.dataset.rowId ?? '',
          cells: Object.fromEntries(names.map((name, i) => [name, cells[i] ?? ''])),
        };
      })
      .sort((a, b) => a.index - b.index);
  }, null);
}

/** The numbers in `column` of the rows drawn at list positions 0…count−1. */
export async function firstNumbers(app: App, column: string, count: number) {
  return (await drawnRows(app))
    .filter((row) => row.index < count)
    .map((row) => numberInCell(row.cells[column]));
}

/** The line that says what the grid shows ("100 records loaded", "All 300 records"). */
export function recordsStatus(app: App): Promise<string> {
  return app.evaluate(
    () => document.querySelector('main [role="status"]')?.textContent ?? '',
    null,
  );
}

/** Scrolls the grid's own scroll area to its end, as dragging its scrollbar down would. */
export function scrollGridToEnd(app: App): Promise<void> {
  return app.evaluate(() => {
    const scroller = document.querySelector('[role="grid"]')?.parentElement;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, null);
}

export function ariaSortOf(app: App, column: string): Promise<string | null> {
  return app.evaluate((name) => {
    const headers = [...document.querySelectorAll('[role="grid"] [role="columnheader"]')];
    const header = headers.find(
      (candidate) => candidate.querySelector('button span')?.textContent === name,
    );
    return header?.getAttribute('aria-sort') ?? null;
  }, column);
}
