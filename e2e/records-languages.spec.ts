import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { parseCsv } from '../src/features/records/export/testing/parse-csv';
import { allRecords, firstRecords, listRecords, tableNamed } from './support/api';
import { expect, seriousAxeViolations, test } from './support/fixtures';
import {
  drawnRows,
  numberInCell,
  openRecordsTable,
  recordRecordsRequests,
  recordsGrid,
} from './support/records-grid';
import { startConnected } from './support/session';

/**
 * The records screen's own pieces (cells, the record panel, column summaries, Count and
 * Export) in Spanish and Brazilian Portuguese, chosen by the browser's language: words
 * from the catalogs, numbers and money in the language's formats, plurals for 0, 1 and
 * many, and the exported file still the workspace's data.
 */

/** Text as Playwright compares it: the no-break spaces Intl writes ("€ 1,50") as plain ones. */
function spaced(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** One field's value: the group (a `dl`'s div) whose term is that column's name. */
function field(panel: Locator, name: string): Locator {
  return panel
    .locator('dl > div')
    .filter({
      has: panel
        .page()
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${name}`) }),
    })
    .getByRole('definition');
}

async function countView(page: Page, tableId: string, search: string): Promise<Locator> {
  await openRecordsTable(page, tableId, search);
  await page.getByRole('button', { name: 'Contar', exact: true }).click();
  return page.getByRole('status').filter({ hasText: 'Contagem concluída' });
}

test.describe('in Brazilian Portuguese', () => {
  test.use({ locale: 'pt-BR', timezoneId: 'UTC' });
  test.beforeEach(async ({ page }) => startConnected(page));

  test('a cell and the record panel show euros as Brazilians write them, and yes/no as Sim/Não', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    const [first] = await firstRecords(orders.id, 1, {
      sort: 'amount:desc',
      filters: { status: 'refunded' },
    });
    if (!first || typeof first.fields.amount !== 'number') throw new Error('no refunded order');
    // A refunded order is never paid: `paid` is false.
    expect(first.fields.paid).toBe(false);
    const amount = spaced(
      new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'EUR' }).format(
        first.fields.amount,
      ),
    );
    expect(amount).toMatch(/^€ \d{1,3}(\.\d{3})*,\d{2}$/);

    await openRecordsTable(page, orders.id, '?sort=amount%3Adesc&filter%5Bstatus%5D=refunded');
    const cell = recordsGrid(page).getByRole('gridcell', { name: amount, exact: true }).first();
    await cell.click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('button', { name: 'Fechar registro' })).toBeFocused();
    await expect(field(panel, 'amount')).toHaveText(amount);
    await expect(field(panel, 'paid')).toHaveText('Não');
    await expect(panel.getByRole('button', { name: 'Copiar link' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Copiar amount' })).toBeVisible();
    await expect(panel).toContainText('Criado em:');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('a column summary and Count: Sim/Não counts, pt-BR thousands, plurals for 0, 1 and many', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    const refunded = await allRecords(orders.id, { filters: { status: 'refunded' } });
    const many = refunded.length.toLocaleString('pt-BR');
    expect(many).toMatch(/^\d\.\d{3}$/);

    await openRecordsTable(page, orders.id, '?filter%5Bstatus%5D=refunded');
    await page.getByRole('button', { name: 'Resumo de paid' }).click();
    const summary = page.getByRole('dialog', { name: 'paid' });
    await expect(summary).toContainText('Resumo da coluna');
    await expect(summary).toContainText(
      /Os \d+ registros carregados até agora\. Use Contar ou Exportar/,
    );
    const counts = summary.getByRole('table', { name: 'Registros por valor' });
    await expect(counts.getByRole('rowheader')).toHaveText(['Não', 'Sim']);

    await page.getByRole('button', { name: 'Contar', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Contagem concluída' })).toContainText(
      `Contagem concluída: ${many} registros nesta visualização.`,
    );
    await expect(summary).toContainText(
      `Todos os ${many} registros desta visualização, contados às`,
    );
    await expect(counts.getByRole('row', { name: `Não ${many} 100%` })).toBeVisible();

    const one = refunded[0]?.fields.order_no;
    await expect(
      await countView(page, orders.id, `?filter%5Border_no%5D=${String(one)}`),
    ).toContainText('Contagem concluída: 1 registro nesta visualização.');
    await expect(
      await countView(page, orders.id, '?filter%5Bemail%5D=nobody%40example.invalid'),
    ).toContainText('Contagem concluída: esta visualização não tem registros.');
  });
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES', timezoneId: 'UTC' });
  test.beforeEach(async ({ page }) => {
    await startConnected(page);
    // As in export.spec.ts: no person answers Chromium's file picker, so take the download path.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'showSaveFilePicker');
    });
  });

  test('Export speaks Spanish around a file that holds the workspace’s own names and values', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    const expected = await allRecords(orders.id, { filters: { email: 'buyer7@example.com' } });
    await openRecordsTable(page, orders.id, '?filter%5Bemail%5D=buyer7%40example.com');

    await page.getByRole('button', { name: 'Exportar', exact: true }).click();
    await expect(page.getByRole('group', { name: 'Exportar esta vista como' })).toBeVisible();
    await page.getByRole('radio', { name: 'CSV' }).check();
    const downloadEvent = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const download = await downloadEvent;

    await expect(page.getByRole('status').filter({ hasText: 'Se exportaron' })).toContainText(
      `Se exportaron ${expected.length} registros a ${download.suggestedFilename()} (en tus descargas).`,
    );
    const [header, ...rows] = parseCsv(await readFile(await download.path(), 'utf8'));
    // A link column is written twice: its names, then its ids (" id" is not translated).
    expect(header).toEqual([
      'id',
      ...orders.columns.flatMap((column) =>
        column.type === 'REFERENCE' ? [column.name, `${column.name} id`] : [column.name],
      ),
      'created_at',
      'updated_at',
    ]);
    expect(rows).toHaveLength(expected.length);
    // Values are data: a yes/no column is written as the service sends it, in every language.
    const paidAt = header?.indexOf('paid') ?? -1;
    expect(new Set(rows.map((row) => row[paidAt]))).toEqual(
      new Set(expected.map((record) => String(record.fields.paid))),
    );
  });

  test('a date filter reads dd/mm/aaaa, takes a day in that order and sends it as the service reads it', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    await openRecordsTable(page, orders.id);
    const field = page.getByRole('group', { name: 'Filtrar ordered_at', exact: true });
    // Not the browser's own date input, whose order follows the machine, not the page.
    await expect(field).toHaveText(/^\W*dd\W*\/\W*mm\W*\/\W*aaaa\W*$/);
    await expect(field.getByRole('spinbutton')).toHaveCount(3);
    await expect(field.getByRole('spinbutton').first()).toHaveAccessibleName(/^día/);
    const sent = recordRecordsRequests(page);
    await field.getByRole('spinbutton').first().click();
    await page.keyboard.type('01032026');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(
      /filter%5Bordered_at%5D=2026-03-01|filter\[ordered_at\]=2026-03-01/,
    );
    await expect
      .poll(() => sent.filter((request) => request.filters.ordered_at === '2026-03-01').length)
      .toBeGreaterThan(0);
    await expect(field).toHaveText(/^\W*0?1\W*\/\W*0?3\W*\/\W*2026\W*$/);
    // Cleared with its button, the field reads its pattern again.
    await page.getByRole('button', { name: 'Quitar filtro de ordered_at', exact: true }).click();
    await expect(field).toHaveText(/^\W*dd\W*\/\W*mm\W*\/\W*aaaa\W*$/);
  });

  test('a date filter’s calendar is Spanish, starts on Monday, and a day picked from it filters the rows as the service does', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    const [newest] = (await listRecords(orders.id, { sort: 'ordered_at:desc', limit: 1 })).records;
    const day = String(newest?.fields.ordered_at).slice(0, 10);
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const onDay = await listRecords(orders.id, { filters: { ordered_at: day }, limit: 5 });
    expect(onDay.records.length).toBeGreaterThan(0);
    await openRecordsTable(page, orders.id);

    const opener = page.getByRole('button', { name: 'Elegir un día para ordered_at', exact: true });
    await opener.click();
    const calendar = page.getByRole('dialog', { name: 'Elegir un día para ordered_at' });
    await expect(calendar).toBeVisible();
    // A Spanish week: Monday to Sunday, in Spanish letters.
    await expect(calendar.locator('th')).toHaveText(['L', 'M', 'X', 'J', 'V', 'S', 'D']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // An empty filter opens on this month (the browser's today): Page Up/Down to the day's.
    const today = new Date();
    const months = (year - today.getFullYear()) * 12 + (month - 1 - today.getMonth());
    for (let step = 0; step < Math.abs(months); step++) {
      await page.keyboard.press(months > 0 ? 'PageDown' : 'PageUp');
    }
    const title = new Intl.DateTimeFormat('es-ES', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(Date.UTC(year, month - 1, 15));
    await expect(calendar.getByRole('heading')).toHaveText(title);
    const sent = recordRecordsRequests(page);
    await calendar
      .getByRole('grid')
      .getByRole('button')
      .filter({ hasText: new RegExp(`^${date}$`) })
      .click();

    // Sent at once, as the service reads a day; the calendar closes onto its button.
    await expect(calendar).toBeHidden();
    await expect(opener).toBeFocused();
    await expect
      .poll(() => sent.filter((request) => request.filters.ordered_at === day).length)
      .toBeGreaterThan(0);
    expect(decodeURIComponent(page.url())).toContain(`filter[ordered_at]=${day}`);
    const field = page.getByRole('group', { name: 'Filtrar ordered_at', exact: true });
    await expect(field).toHaveText(
      new RegExp(`^\\W*0?${date}\\W*/\\W*0?${month}\\W*/\\W*${year}\\W*$`),
    );
    // The grid shows the service's records of that day, in its order.
    await expect
      .poll(async () =>
        (await drawnRows(page)).slice(0, 5).map((row) => numberInCell(row.cells.order_no)),
      )
      .toEqual(onDay.records.map((order) => order.fields.order_no));

    // Escape in the calendar closes it and leaves the filter as it is.
    await opener.click();
    await expect(calendar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(opener).toBeFocused();
    expect(decodeURIComponent(page.url())).toContain(`filter[ordered_at]=${day}`);
  });
});
