import { expect, type Locator, type Page, type Request } from '@playwright/test';

/**
 * The records grid as a user finds it (roles and labels), and the records requests the
 * dashboard sends, decoded the way the server reads them.
 */

export interface RecordsRequest {
  tableId: string;
  limit: string | null;
  cursor: string | null;
  sort: string | null;
  /** `filter[<column>]` parameters, by column name (the outer brackets only). */
  filters: Record<string, string>;
  /** The raw query string, to spot a request sent twice. */
  search: string;
}

const RECORDS_PATH = /^\/api\/public\/v1\/tables\/([^/]+)\/records$/;

/** The records request behind `url`, decoded; null for any other request. */
export function recordsRequestOf(url: string): RecordsRequest | null {
  const parsed = new URL(url);
  const match = RECORDS_PATH.exec(parsed.pathname);
  if (!match?.[1]) return null;
  const filters: Record<string, string> = {};
  for (const [name, value] of parsed.searchParams) {
    if (name.startsWith('filter[') && name.endsWith(']')) filters[name.slice(7, -1)] = value;
  }
  return {
    tableId: decodeURIComponent(match[1]),
    limit: parsed.searchParams.get('limit'),
    cursor: parsed.searchParams.get('cursor'),
    sort: parsed.searchParams.get('sort'),
    filters,
    search: parsed.search,
  };
}

/** Resolves with the next records request of `tableId` that `matches` (sent after this call). */
export function nextRecordsRequest(
  page: Page,
  tableId: string,
  matches: (request: RecordsRequest) => boolean = () => true,
): Promise<RecordsRequest> {
  return page
    .waitForRequest((request: Request) => {
      const decoded = recordsRequestOf(request.url());
      return decoded !== null && decoded.tableId === tableId && matches(decoded);
    })
    .then((request) => recordsRequestOf(request.url()) as RecordsRequest);
}

/** Every records request the page sends from now on, decoded, in order. */
export function recordRecordsRequests(page: Page): RecordsRequest[] {
  const seen: RecordsRequest[] = [];
  page.on('request', (request) => {
    const decoded = recordsRequestOf(request.url());
    if (decoded) seen.push(decoded);
  });
  return seen;
}

/** Opens a table's records grid at a view (`?sort=…&filter[…]=…`) and waits for the grid. */
export async function openRecordsTable(page: Page, tableId: string, search = ''): Promise<void> {
  await page.goto(`/#/tables/${tableId}${search}`);
  await expect(recordsGrid(page)).toBeVisible();
}

export function recordsGrid(page: Page): Locator {
  return page.getByRole('grid');
}

/** The line that says what the grid shows: summary, count, "Loading more…". */
export function recordsStatus(page: Page): Locator {
  return page.getByRole('main').getByRole('status').first();
}

export function columnHeader(page: Page, column: string): Locator {
  return recordsGrid(page)
    .getByRole('columnheader')
    .filter({ has: page.getByRole('button', { name: column, exact: true }) });
}

export function sortButton(page: Page, column: string): Locator {
  return columnHeader(page, column).getByRole('button', { name: column, exact: true });
}

export function filterInput(page: Page, column: string): Locator {
  return page.getByLabel(`Filter ${column}`, { exact: true });
}

/** The number in "1,100 records loaded" / "All 300 records", or null while none is shown. */
export async function loadedCountOf(page: Page): Promise<number | null> {
  const text = (await recordsStatus(page).textContent()) ?? '';
  const match = /(?:All )?([\d,]+) records?(?: loaded)?/.exec(text);
  return match?.[1] ? Number(match[1].replaceAll(',', '')) : null;
}

export interface GridRow {
  /** Position in the whole list, 0-based (aria-rowindex − 2). */
  index: number;
  cells: Record<string, string>;
}

/**
 * A cell's text: a blank cell's "—" plus its screen-reader "empty" is ''. (textContent runs
 * a chip list together; compare text, number and date columns.)
 */
function cellText(raw: string): string {
  const text = raw.replace(/\s+/g, ' ').trim();
  return text === '—empty' ? '' : text;
}

/** The loaded rows drawn in the grid, in list order, each cell under its column's name. */
export async function drawnRows(page: Page): Promise<GridRow[]> {
  const { names, rows } = await recordsGrid(page).evaluate((grid) => ({
    // A header's sort button holds the column name, then an aria-hidden sort glyph.
    names: [...grid.querySelectorAll('[role="columnheader"]')].map(
      (header) => header.querySelector('button span')?.textContent ?? '',
    ),
    rows: [...grid.querySelectorAll('tbody [role="row"]:not([aria-busy])')].map((row) => ({
      index: Number(row.getAttribute('aria-rowindex')) - 2,
      cells: [...row.querySelectorAll('[role="gridcell"]')].map((cell) => cell.textContent ?? ''),
    })),
  }));
  return rows
    .sort((a, b) => a.index - b.index)
    .map((row) => ({
      index: row.index,
      cells: Object.fromEntries(names.map((name, i) => [name, cellText(row.cells[i] ?? '')])),
    }));
}

/**
 * The values in `column` of the rows drawn at list positions 0…count−1 (fewer while they
 * load). Poll it: right after a sort or filter change the previous view is still drawn.
 */
export async function firstValues(page: Page, column: string, count: number): Promise<string[]> {
  const rows = (await drawnRows(page)).filter((row) => row.index < count);
  return rows.map((row) => row.cells[column] ?? '');
}

/**
 * The number a cell shows, whatever its dress ("1,234", "€0.03", "-5"): null for a blank
 * cell. Compares the grid with the API without pinning number formatting.
 */
export function numberInCell(text: string | undefined): number | null {
  const digits = (text ?? '').replace(/[^\d.-]/g, '');
  return digits === '' ? null : Number(digits);
}

/** `firstValues`, read as numbers. */
export async function firstNumbers(
  page: Page,
  column: string,
  count: number,
): Promise<(number | null)[]> {
  return (await firstValues(page, column, count)).map(numberInCell);
}

/** Scrolls the grid with the mouse wheel until `done` holds (each turn waits a moment for pages). */
export async function scrollGridUntil(
  page: Page,
  done: () => Promise<boolean>,
  { timeout = 20_000, deltaY = 4_000 }: { timeout?: number; deltaY?: number } = {},
) {
  // The grid is taller than the screen: aim at its scroll area, the part that is on screen.
  const box = await recordsGrid(page).locator('xpath=..').boundingBox();
  if (!box) throw new Error('the grid is not on screen');
  await page.mouse.move(box.x + Math.min(box.width, 600) / 2, box.y + box.height / 2);
  await expect(async () => {
    await page.mouse.wheel(0, deltaY);
    expect(await done()).toBe(true);
  }).toPass({ timeout, intervals: [150] });
}

/** Puts row `rowIndex` at the top of the grid's viewport, as dragging the scrollbar there would. */
export async function scrollGridToRow(page: Page, rowIndex: number): Promise<void> {
  await recordsGrid(page).evaluate((grid, row) => {
    const scroller = grid.parentElement as HTMLElement;
    const first = grid.querySelector<HTMLElement>('tbody [role="row"]');
    const height = first?.getBoundingClientRect().height || 36;
    scroller.scrollTop = row * height;
  }, rowIndex);
}

/**
 * The place once the grid has stopped scrolling: `page.mouse.wheel` returns before the
 * scroll it asked for is applied, so a place read right after a wheel-driven wait may be
 * taken mid-scroll. Waits (in the page) until the scroll offset holds for 10 frames.
 */
export async function settledPlaceInGrid(
  page: Page,
): Promise<{ scrollTop: number; firstRow: number }> {
  await recordsGrid(page).evaluate(
    (grid) =>
      new Promise<void>((resolve) => {
        const scroller = grid.parentElement as HTMLElement;
        let last = scroller.scrollTop;
        let steadyFrames = 0;
        const check = () => {
          const now = scroller.scrollTop;
          steadyFrames = now === last ? steadyFrames + 1 : 0;
          last = now;
          if (steadyFrames >= 10) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
  return placeInGrid(page);
}

/** Where the user is: the grid's scroll offset and the first row under its header. */
export async function placeInGrid(page: Page): Promise<{ scrollTop: number; firstRow: number }> {
  return recordsGrid(page).evaluate((grid) => {
    const scroller = grid.parentElement as HTMLElement;
    const headerBottom = grid.querySelector('thead')?.getBoundingClientRect().bottom ?? 0;
    const rows = [...grid.querySelectorAll<HTMLElement>('tbody [role="row"]')];
    const first = rows
      .map((row) => ({
        index: Number(row.getAttribute('aria-rowindex')) - 2,
        top: row.getBoundingClientRect().top,
      }))
      .filter((row) => row.top >= headerBottom - 1)
      .sort((a, b) => a.top - b.top)[0];
    return { scrollTop: scroller.scrollTop, firstRow: first?.index ?? -1 };
  });
}

/** The grid's row at list position `row` (0 is the first record). */
export function gridRowAt(page: Page, row: number): Locator {
  return recordsGrid(page).locator(`tbody [role="row"][aria-rowindex="${row + 2}"]`);
}

/** Scrolls until `row` is the first row under the header, drawn with its record. */
export async function scrollToFirstRow(page: Page, row: number): Promise<void> {
  await expect(async () => {
    await scrollGridToRow(page, row);
    expect((await placeInGrid(page)).firstRow).toBe(row);
    await expect(gridRowAt(page, row)).not.toHaveAttribute('aria-busy', 'true', { timeout: 500 });
  }).toPass({ timeout: 20_000 });
}

/** The record id of the first row under the grid's header (the user's place). */
export async function topRecordId(page: Page): Promise<string> {
  const { firstRow } = await placeInGrid(page);
  return (await gridRowAt(page, firstRow).getAttribute('data-row-id')) ?? '';
}
