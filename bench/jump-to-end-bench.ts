import type { Browser } from '@playwright/test';
import {
  connect,
  dashboardMeasure,
  newBenchPage,
  waitForPaintAfterClick,
} from './lib/dashboard-page';
import type { Measure } from './lib/results';

const MILLION = Number(process.env.BENCH_RECORDS ?? 1_000_000);

/** Jump to end: a sort every record has a value for, and a NUMBER column with nulls (3 % of amount). */
const JUMP_SORTS: { sort: string; label: string; target: Measure['target'] }[] = [
  {
    sort: 'created_at:asc',
    label: 'created_at',
    target: { kind: 'max', value: 3, label: '≤ 3 s' },
  },
  {
    sort: 'amount:asc',
    label: 'amount (nullable NUMBER)',
    target: { kind: 'max', value: 15, label: '≤ 15 s' },
  },
];

/**
 * Jump to end of the 1,000,000-record table, from the click until the last record is drawn
 * and focused. The grid reads the end backwards (decision 018): row numbers are then
 * unknown and the note names the last record drawn; when it walks instead, the last row.
 */
export async function measureJumpToEnd(
  browser: Browser,
  baseUrl: string,
  key: string,
  tableId: string,
  log: (line: string) => void,
): Promise<Measure[]> {
  const measures: Measure[] = [];
  for (const { sort, label, target } of JUMP_SORTS) {
    log(`Jump to end of ${MILLION.toLocaleString('en-US')} records sorted by ${sort}`);
    const endPage = await newBenchPage(browser);
    await connect(endPage, baseUrl, key, tableId, `?sort=${encodeURIComponent(sort)}`);
    await waitForPaintAfterClick(endPage);
    const endStarted = Date.now();
    await endPage.getByRole('button', { name: 'Jump to end' }).click();
    const handle = await endPage.waitForFunction(
      () => {
        const status = document.querySelector('main [role="status"]')?.textContent ?? '';
        const focused = document.activeElement;
        const row = focused?.closest('[role="row"]');
        if (!/All [\d,]+ records|Showing the end/.test(status) || !row) return null;
        return {
          tail: status.includes('Showing the end'),
          rowIndex: Number(row.getAttribute('aria-rowindex') ?? 0) - 2,
          firstCell: row.querySelector('[role="gridcell"]')?.textContent ?? '',
        };
      },
      undefined,
      { timeout: 600_000, polling: 50 },
    );
    const seconds = (Date.now() - endStarted) / 1000;
    const end = (await handle.jsonValue()) as {
      tail: boolean;
      rowIndex: number;
      firstCell: string;
    };
    measures.push(
      dashboardMeasure(
        `Jump to end of ${MILLION.toLocaleString('en-US')} records, sort by ${label}`,
        's',
        [seconds],
        target,
        end.tail
          ? `read backwards; last record drawn: order_no ${end.firstCell}`
          : `walked; last drawn row ${end.rowIndex.toLocaleString('en-US')}`,
      ),
    );
    await endPage.context().close();
  }
  return measures;
}
